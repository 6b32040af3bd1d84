import type { Queryable } from '../../db/index';

/** The rows of an entry and of everything under it (a folder's contents), by their path in the container. */
const SUBTREE = "(path = $2 OR starts_with(path, $2 || '/'))";

/** Records who made a file or folder (an upload of a name a stale row still holds takes the row over). */
export async function recordEntry(q: Queryable, container: string, path: string, memberId: number): Promise<void> {
  await q.query(
    `INSERT INTO media_entries (container, path, owner_member_id) VALUES ($1, $2, $3)
     ON CONFLICT (container, path) DO UPDATE SET owner_member_id = EXCLUDED.owner_member_id, created_on = now()`,
    [container, path, memberId],
  );
}

/** Of these paths, those the member made. */
export async function pathsMadeBy(q: Queryable, container: string, paths: string[], memberId: number): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await q.query<{ path: string }>(
    'SELECT path FROM media_entries WHERE container = $1 AND path = ANY($2::text[]) AND owner_member_id = $3',
    [container, paths, memberId],
  );
  return new Set(rows.map((r) => r.path));
}

export async function moveEntries(q: Queryable, container: string, from: string, to: string): Promise<void> {
  await q.query(`UPDATE media_entries SET path = $3 || substr(path, length($2) + 1) WHERE container = $1 AND ${SUBTREE}`, [
    container,
    from,
    to,
  ]);
}

export async function forgetEntries(q: Queryable, container: string, path: string): Promise<void> {
  await q.query(`DELETE FROM media_entries WHERE container = $1 AND ${SUBTREE}`, [container, path]);
}

/** Whether the association exists (the one a container `articles/{aorId}` names). */
export async function associationExists(q: Queryable, aorId: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM associations WHERE id = $1', [aorId]));
}

/** The media token key (hex): `fresh` is stored first when no instance has stored one yet. */
export async function mediaTokenSecret(q: Queryable, fresh: string): Promise<string> {
  await q.query('INSERT INTO media_token_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [fresh]);
  const row = await q.one<{ secret: string }>('SELECT secret FROM media_token_keys WHERE id = 1');
  return row!.secret;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import type { Queryable } from '../db/index';
import { ChangeWatch } from '../lib/change-watch';
import { keepGrantMs, tokenStateReader } from './token-state';

/**
 * The session checks kept at the 'sessions' version where no change signal is heard (PostgreSQL; migration 1192,
 * decision 1192), run on both databases with a watch that hears nothing: what a write that ends a session changes is
 * read at the next check, on every instance; while nothing of the kind is written, a check reads only the version.
 */
describe('session checks kept at the sessions version (decision 1192)', () => {
  let ctx: TestContext;
  let reads: string[] = [];
  let reader: ReturnType<typeof tokenStateReader>;
  let accountId: number;
  let otherAccountId: number;
  const grantId = 'kept-grant-1192';

  const version = async () =>
    Number((await ctx.db.one<{ version: number }>(`SELECT version FROM read_versions WHERE topic = 'sessions'`))?.version);
  /** A provider's record ending in `seconds` (null: never). */
  const insertGrant = (id: string, seconds: number | null, type = 'Grant') =>
    ctx.db.query(`INSERT INTO oidc_payloads (id, type, payload, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4::int))`, [
      id,
      type,
      JSON.stringify({ accountId: String(accountId) }),
      seconds,
    ]);

  beforeAll(async () => {
    ctx = await createTestContext();
    accountId = (await ctx.factories.buildMember()).accountId;
    otherAccountId = (await ctx.factories.buildMember()).accountId;
    // The reader's own reads counted; the versions are read through the database itself.
    const counting = {
      ...ctx.db,
      queryPrepared: (sql: string, params: unknown[]) => {
        reads.push(sql.includes('FROM accounts') ? 'account' : 'grant');
        return ctx.db.queryPrepared(sql, params);
      },
    } as Queryable;
    const watch = new ChangeWatch();
    watch.keepByVersion(ctx.db, { account: 'sessions', grant: 'sessions' });
    reader = tokenStateReader(counting, watch);
  });
  afterAll(() => ctx.close());

  it('moves for a write that can end a session, once per transaction, and not for any other', async () => {
    await insertGrant('moved-grant-1192', 3600);
    await insertGrant('token-1192', 3600, 'AccessToken');
    const unmoved = [
      `UPDATE accounts SET last_sign_in_on = now(), failed_attempts = 1 WHERE id = ${accountId}`,
      `UPDATE accounts SET token_generation = token_generation WHERE id = ${accountId}`,
      `UPDATE oidc_payloads SET expires_at = expires_at + interval '1 hour' WHERE type = 'Grant' AND id = 'moved-grant-1192'`,
      `DELETE FROM oidc_payloads WHERE type = 'AccessToken' AND id = 'token-1192'`,
    ];
    for (const write of unmoved) {
      const before = await version();
      await ctx.db.query(write);
      expect(await version(), write).toBe(before);
    }
    const moved = [
      `UPDATE accounts SET token_generation = token_generation + 1 WHERE id IN (${accountId}, ${otherAccountId})`,
      `UPDATE accounts SET kept_grant_id = 'another' WHERE id = ${otherAccountId}`,
      `UPDATE accounts SET deactivated_on = now() WHERE id = ${otherAccountId}`,
      `UPDATE oidc_payloads SET expires_at = expires_at - interval '1 minute' WHERE type = 'Grant' AND id = 'moved-grant-1192'`,
      `DELETE FROM oidc_payloads WHERE type = 'Grant' AND id = 'moved-grant-1192'`,
    ];
    for (const write of moved) {
      const before = await version();
      await ctx.db.query(write);
      expect(await version(), write).toBe(before + 1);
    }
  });

  it('keeps a check while the version stands, and reads it again at the next check once it moves', async () => {
    await insertGrant(grantId, 3600);
    reads = [];
    const first = await reader.read(accountId, grantId);
    expect(first).toMatchObject({ deactivated_on: null, grant_alive: true });
    expect(reads.sort()).toEqual(['account', 'grant']);
    // Nothing read while the version stands, however often the token is checked.
    await reader.read(accountId, grantId);
    await Promise.all([reader.read(accountId, grantId), reader.read(accountId, grantId)]);
    expect(reads).toHaveLength(2);
    // The same state each time, not a copy a call (issue 33).
    expect(await reader.read(accountId, grantId)).toBe(first);

    // Another member's password change moves the version: the next check reads again and finds this one unchanged.
    await ctx.db.query('UPDATE accounts SET token_generation = token_generation + 1 WHERE id = $1', [otherAccountId]);
    expect(await reader.read(accountId, grantId)).toEqual(first);
    expect(reads).toHaveLength(4);

    // This member's own: seen at once.
    await ctx.db.query('UPDATE accounts SET token_generation = token_generation + 1 WHERE id = $1', [accountId]);
    expect((await reader.read(accountId, grantId))?.token_generation).toBe((first?.token_generation ?? 0) + 1);
  });

  it('sees a grant shortened or deleted at the next check, and keeps no absent grant or account', async () => {
    await reader.read(accountId, grantId);
    await ctx.db.query(`UPDATE oidc_payloads SET expires_at = now() - interval '1 second' WHERE type = 'Grant' AND id = $1`, [grantId]);
    expect((await reader.read(accountId, grantId))?.grant_alive).toBe(false);
    await ctx.db.query(`DELETE FROM oidc_payloads WHERE type = 'Grant' AND id = $1`, [grantId]);
    expect((await reader.read(accountId, grantId))?.grant_alive).toBe(false);

    // A grant that is not there is read at every check: one written later counts at once (its write moves nothing).
    reads = [];
    await reader.read(accountId, grantId);
    await reader.read(accountId, grantId);
    expect(reads.filter((r) => r === 'grant')).toHaveLength(2);
    await insertGrant(grantId, null);
    expect((await reader.read(accountId, grantId))?.grant_alive).toBe(true);

    reads = [];
    expect(await reader.read(2_000_000_000, null)).toBeNull();
    expect(await reader.read(2_000_000_000, null)).toBeNull();
    expect(reads).toEqual(['account', 'account']);
  });

  it('keeps a grant no longer than its end, which a later authorisation may move on without moving the version', () => {
    expect(keepGrantMs({ expiresAt: 10_000 }, 4_000)).toBe(6_000);
    expect(keepGrantMs({ expiresAt: 10_000 }, 12_000)).toBeLessThan(0);
    expect(keepGrantMs({ expiresAt: null }, 4_000)).toBe(Number.POSITIVE_INFINITY);
    expect(keepGrantMs('absent', 4_000)).toBe(0);
  });
});

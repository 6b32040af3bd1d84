import { RESO_RESOURCES, RESO_ROW_SCHEMAS, type ResoResource, resoRowProblems, type UserClassMap } from '@portico/shared';
import type { ResoConfig } from '../../config';
import type { Db, Queryable } from '../../db/index';
import type { Mailer } from '../../lib/mailer';
import { publishFeed } from '../live/index';
import { upsertMedia } from './listing-repository';
import { type Checkpoint, type ClientOptions, ResoClient } from './odata-client';
import { linkMainOffices } from './office-repository';
import { memberClass, type OnNewAccount, pageBatch } from './page-batch';
import {
  addRejected,
  addToRun,
  closeInterruptedRuns,
  deleteRejectedWaitingOn,
  type FeedRunRow,
  finishRun,
  makeAdmin,
  type RunCounts,
  readCheckpoint,
  readUserClassMap,
  rejectedWaitingOn,
  releaseSavepoint,
  rollbackToSavepoint,
  saveCheckpoint,
  setSavepoint,
  startRun,
} from './repository';
import { type RowOutcome, upsertMember, upsertOffice, upsertProperty } from './upserts';
import { queueCreatePassword } from './welcome';

/** Rows asked for per page; a server with a smaller page size pages by @odata.nextLink. */
export const PAGE_SIZE = 500;

export interface SyncOptions extends ClientOptions {
  /** Where the Create Password mail's link points and how it is sent; without it no mail is queued. */
  mail?: { publicUrl: string; mailer: Mailer };
  pageSize?: number;
  /** Called after each committed page (tests stop a sync there, as a crash would). */
  afterPage?: (resource: ResoResource, page: number) => void | Promise<void>;
  /** PORTICO_ADMIN_LOGIN (syncFeed sets it from the config): this login id is MLS staff whatever the mapping. */
  adminLogin?: string;
}

/** Live progress: at most one signal this often per run (a first sync commits thousands of pages). */
const PROGRESS_SIGNAL_MS = 1_000;

/**
 * At most one progress signal a second; a page committed within the second is signalled when the second is over (not
 * at the next page, which may be slow to come), so the screen never shows less than was committed for long.
 */
function throttledSignal(publish: () => Promise<void>) {
  let signalled = Date.now();
  let pending: NodeJS.Timeout | null = null;
  const cancel = () => {
    if (pending) clearTimeout(pending);
    pending = null;
  };
  return {
    /** Whether this page's commit carries the signal itself. */
    due(): boolean {
      if (Date.now() - signalled < PROGRESS_SIGNAL_MS) return false;
      cancel();
      signalled = Date.now();
      return true;
    },
    /** A committed page that carried no signal: one follows when the second is over. */
    later(): void {
      if (pending) return;
      pending = setTimeout(
        () => {
          pending = null;
          signalled = Date.now();
          publish().catch(() => undefined);
        },
        Math.max(0, signalled + PROGRESS_SIGNAL_MS - Date.now()),
      );
    },
    cancel,
  };
}

const emptyCounts = (): RunCounts => ({ pages: 0, created: 0, updated: 0, deactivated: 0, rejected: 0 });

/** Where a raw row stands in the replication order, when it says (a row without a key or timestamp does not). */
function positionOf(resource: ResoResource, row: unknown): Checkpoint | null {
  if (!row || typeof row !== 'object') return null;
  const r = row as Record<string, unknown>;
  const key = r[RESO_RESOURCES[resource].key];
  const timestamp = r.ModificationTimestamp;
  if (typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp))) return null;
  return { timestamp, key: typeof key === 'string' ? key : '' };
}

/** A next link carrying the server's cursor (`$skiptoken`), not an offset. */
const isCursor = (link: string) => [...new URL(link).searchParams.keys()].some((k) => k.toLowerCase() === '$skiptoken');

/** The later of two positions in (timestamp, key) order: the checkpoint never moves back, whatever order the server sent. */
function later(a: Checkpoint | null, b: Checkpoint | null): Checkpoint | null {
  if (!a || !b) return a ?? b;
  const diff = Date.parse(a.timestamp) - Date.parse(b.timestamp);
  return diff > 0 || (diff === 0 && a.key > b.key) ? a : b;
}

async function writeRow(
  q: Queryable,
  resource: ResoResource,
  row: unknown,
  classes: UserClassMap,
  onNewAccount?: OnNewAccount,
  adminLogin?: string,
) {
  const parsed = RESO_ROW_SCHEMAS[resource].safeParse(row);
  if (!parsed.success) return { rejected: resoRowProblems(parsed.error) } as const;
  if (resource === 'Office') return { outcome: await upsertOffice(q, RESO_ROW_SCHEMAS.Office.parse(row)) } as const;
  if (resource === 'Property') return { outcome: await upsertProperty(q, RESO_ROW_SCHEMAS.Property.parse(row)) } as const;
  if (resource === 'Media') return { outcome: await upsertMedia(q, RESO_ROW_SCHEMAS.Media.parse(row)) } as const;
  const member = RESO_ROW_SCHEMAS.Member.parse(row);
  const klass = memberClass(member, classes, adminLogin);
  if ('unmapped' in klass) return { rejected: `No user class for ${klass.unmapped}`, unmapped: klass.unmapped } as const;
  return { outcome: await upsertMember(q, member, klass.userClass, onNewAccount) } as const;
}

/**
 * Writes one page in one transaction with the checkpoint that follows it: either the page and its checkpoint are
 * committed, or neither is. Each row has a savepoint of its own, so a row the database refuses is rejected whole and
 * the rest of the page still lands.
 */
async function commitPage(
  db: Db,
  resource: ResoResource,
  runId: number,
  rows: unknown[],
  classes: UserClassMap,
  options: SyncOptions,
  signal: boolean,
) {
  const mail = options.mail;
  // Queued in the page's transaction (and its row's savepoint): a rolled-back row's mail is never sent.
  const onNewAccount: OnNewAccount | undefined = mail
    ? async (q, a) => {
        await queueCreatePassword(q, mail, a);
      }
    : undefined;
  const last = await db.tx(async (q) => {
    const counts = { ...emptyCounts(), pages: 1 };
    let last: Checkpoint | null = null;
    for (const row of rows) last = later(positionOf(resource, row), last);
    // Listings and members (most of a first sync) go in a few statements per page; the rows the batch leaves, and
    // every row of a page the database refuses as a whole, go the row-by-row way below, which rejects exactly the bad ones.
    let oneByOne = rows;
    const batch = pageBatch(resource, rows, classes, options.adminLogin);
    if (batch) {
      await setSavepoint(q, 'feed_page');
      try {
        const written = await batch.write(q, onNewAccount);
        await releaseSavepoint(q, 'feed_page');
        if (written) {
          for (const outcome of ['created', 'updated', 'deactivated'] as const) counts[outcome] += written[outcome] ?? 0;
          oneByOne = batch.rest;
        }
      } catch {
        await rollbackToSavepoint(q, 'feed_page');
      }
    }
    for (const row of oneByOne) {
      const key = (row as Record<string, unknown> | null)?.[RESO_RESOURCES[resource].key];
      const recordKey = typeof key === 'string' ? key : null;
      await setSavepoint(q, 'feed_row');
      let result: Awaited<ReturnType<typeof writeRow>>;
      try {
        result = await writeRow(q, resource, row, classes, onNewAccount, options.adminLogin);
        await releaseSavepoint(q, 'feed_row');
      } catch (error) {
        await rollbackToSavepoint(q, 'feed_row');
        result = { rejected: `Refused by the database: ${(error as Error).message}` };
      }
      if ('outcome' in result) counts[result.outcome as RowOutcome]++;
      else {
        counts.rejected++;
        await addRejected(q, { runId, resource, key: recordKey, reason: result.rejected, unmapped: result.unmapped, payload: row });
      }
    }
    if (resource === 'Office') {
      const keys = rows.map((r) => (r as Record<string, unknown> | null)?.OfficeKey).filter((k): k is string => typeof k === 'string');
      await linkMainOffices(q, keys);
    }
    if (last) await saveCheckpoint(q, resource, last);
    await addToRun(q, runId, counts);
    if (signal) await publishFeed(q);
    return last;
  });
  return last;
}

/**
 * Replicates one resource from its checkpoint. A `$skiptoken` next link (a server cursor) is followed as it is; a
 * `$skip` one is not, because rows changed during the sync move to the end and shift every offset after them: the
 * next page is asked for from the checkpoint instead, which reads what the server's next link meant without losing a
 * row (decision 0985). A failure ends the run with its error; what was committed stays, and the next run resumes there.
 */
export async function syncResource(db: Db, client: ResoClient, resource: ResoResource, options: SyncOptions = {}): Promise<FeedRunRow> {
  const top = options.pageSize ?? PAGE_SIZE;
  const runId = await db.tx(async (q) => {
    const id = await startRun(q, resource);
    await publishFeed(q);
    return id;
  });
  const progress = throttledSignal(() => publishFeed(db));
  let error: string | null = null;
  try {
    const classes = await readUserClassMap(db);
    let from = await readCheckpoint(db, resource);
    let url = client.queryUrl(resource, from, top);
    for (let page = 1; ; page++) {
      const { rows, nextLink } = await client.page(url);
      if (rows.length === 0) break;
      const signal = progress.due();
      const reached = (await commitPage(db, resource, runId, rows, classes, options, signal)) ?? from;
      if (!signal) progress.later();
      if (reached && from && reached.timestamp === from.timestamp && reached.key === from.key) {
        throw new Error(`${resource}: a page did not move past the checkpoint (does the server honor $filter and $orderby?)`);
      }
      from = reached;
      await options.afterPage?.(resource, page);
      if (nextLink && isCursor(nextLink)) url = nextLink;
      else if (nextLink || rows.length >= top) url = client.queryUrl(resource, from, top);
      else break;
    }
  } catch (e) {
    error = (e as Error).message || String(e);
  }
  progress.cancel();
  return db.tx(async (q) => {
    const run = await finishRun(q, runId, error);
    await publishFeed(q);
    return run;
  });
}

/**
 * Applies again the members rejected for want of a user-class mapping that staff just made (their rows would not be
 * read again until the MLS changes them): for each member key the newest stored row, then its rejections go.
 */
export async function reapplyUnmapped(db: Db, unmapped: string, mail?: SyncOptions['mail']): Promise<number> {
  const waiting = await rejectedWaitingOn(db, unmapped);
  const classes = await readUserClassMap(db);
  let applied = 0;
  for (const w of waiting) {
    const onNewAccount: OnNewAccount = async (q, a) => {
      if (mail) await queueCreatePassword(q, mail, a);
    };
    const done = await db.tx(async (q) => {
      const result = await writeRow(q, 'Member', w.payload, classes, onNewAccount);
      if (!('outcome' in result)) return false;
      await deleteRejectedWaitingOn(q, w.record_key, unmapped);
      return true;
    });
    if (done) applied++;
  }
  return applied;
}

/**
 * One sync of every configured resource, offices first; a resource that fails does not stop the others. Runs left
 * unfinished by an instance that stopped are closed first (one sync runs at a time: the queue's 'stately' policy), and
 * PORTICO_ADMIN_LOGIN's member, when the feed already brought them, is made MLS staff.
 */
export async function syncFeed(db: Db, config: ResoConfig, options: SyncOptions = {}): Promise<FeedRunRow[]> {
  const client = new ResoClient(config, options);
  await closeInterruptedRuns(db, config.resources);
  if (config.adminLogin) await makeAdmin(db, config.adminLogin);
  const runs: FeedRunRow[] = [];
  const withAdmin = { ...options, adminLogin: config.adminLogin };
  for (const resource of config.resources) runs.push(await syncResource(db, client, resource, withAdmin));
  return runs;
}

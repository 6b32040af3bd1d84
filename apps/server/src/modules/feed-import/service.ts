import { FEED_IMPORT_MESSAGES, type FeedImport, type FeedImportUploadQuery } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { insertMembers, queueCreatePassword, readUserClassMap, type SyncOptions, updateMembers } from '../feed/index';
import { type CsvRecord, type ImportResource, parseCsv } from './parse';
import { type AnyPlan, planMembers, planOffices } from './plan';
import { presentImport, presentPlan, refusedCsv } from './presenter';
import {
  claimImport,
  deactivateMissingMembers,
  deactivateMissingOffices,
  ensureAssociations,
  findImport,
  findRefused,
  finishImport,
  type ImportRow,
  insertImport,
  insertOffices,
  listImports,
  loadMembers,
  loadOffices,
  saveProgress,
  updateOffices,
} from './repository';

/** Rows per statement: large enough that 100,000 rows take a few hundred statements, small enough for PostgreSQL's parameters. */
export const BATCH_ROWS = 2000;

export interface ApplyOptions {
  mail?: SyncOptions['mail'];
  batchRows?: number;
  /** Called after each batch inside the transaction (tests make the apply fail there). */
  afterBatch?: (done: number, total: number) => void | Promise<void>;
}

/** Minutes without a heartbeat after which an apply is taken for stopped with its instance (a batch takes seconds). */
export const STALE_APPLY_MINUTES = 10;

/**
 * The live progress of the applies running on this instance (the status call reads it first), per database: import
 * ids are a database's own, and a process may serve more than one (the API tests build many apps in one worker).
 */
const progressByDb = new WeakMap<Db, Map<number, { done: number; total: number }>>();
function progressOf(db: Db): Map<number, { done: number; total: number }> {
  let progress = progressByDb.get(db);
  if (!progress) {
    progress = new Map();
    progressByDb.set(db, progress);
  }
  return progress;
}

async function planOf(q: Queryable, resource: ImportResource, records: CsvRecord[], wholeRoster: boolean): Promise<AnyPlan> {
  const now = new Date().toISOString();
  if (resource === 'Office') return { resource, plan: planOffices(records, await loadOffices(q), wholeRoster, now) };
  return { resource, plan: planMembers(records, await loadMembers(q), await readUserClassMap(q), wholeRoster, now) };
}

/** Reads the file, compares it with Portico's records and keeps it with its preview (nothing else changes). */
export async function uploadImport(db: Db, query: FeedImportUploadQuery, csv: unknown, accountId: number | null): Promise<FeedImport> {
  if (typeof csv !== 'string') throw badRequest(FEED_IMPORT_MESSAGES.notCsv, [{ field: 'file', message: FEED_IMPORT_MESSAGES.notCsv }]);
  const { headers, records } = parseCsv(query.resource, csv);
  const plan = await planOf(db, query.resource, records, query.wholeRoster);
  const row = await insertImport(
    db,
    {
      resource: query.resource,
      file_name: query.fileName ?? null,
      whole_roster: query.wholeRoster,
      send_welcome: query.sendWelcome,
      csv,
      row_count: records.length,
      preview: presentPlan(plan),
      rejected_csv: refusedCsv(headers, records, plan.plan.rejected),
    },
    accountId,
  );
  return presentImport(row, null);
}

async function imported(db: Db, id: number): Promise<ImportRow> {
  const row = await findImport(db, id);
  if (!row) throw new AppError('NOT_FOUND', FEED_IMPORT_MESSAGES.notFound);
  return row;
}

/** The guards' row (routes.ts): a CSV import (MLS staff reach every one). */
export const feedImport = rowLoader<ImportRow, { params: { id: number } }>('CSV import', FEED_IMPORT_MESSAGES.notFound, ({ db, params }) =>
  findImport(db, params.id),
);

/** The guards' row of the refused rows' download: the import's file name and refused rows. */
export const feedImportRefusals = rowLoader<RefusedRows & { id: number }, { params: { id: number } }>(
  "CSV import's refused rows",
  FEED_IMPORT_MESSAGES.notFound,
  async ({ db, params }) => {
    const row = await findRefused(db, params.id);
    return row && { ...row, id: params.id };
  },
);

type RefusedRows = NonNullable<Awaited<ReturnType<typeof findRefused>>>;

export function readImport(db: Db, row: ImportRow): FeedImport {
  return presentImport(row, progressOf(db).get(row.id) ?? null);
}

/** The rows an import refused as a CSV to fix and import again, with a file name for the download. */
export function refusedRows(row: RefusedRows & { id: number }): { fileName: string; csv: string } {
  const { id } = row;
  if (row.rejected_csv === null) throw new AppError('NOT_FOUND', FEED_IMPORT_MESSAGES.noRefused);
  const base = (row.file_name ?? 'import').replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '-');
  return { fileName: `${base}-refused-${id}.csv`, csv: row.rejected_csv };
}

export async function recentImports(db: Db, limit: number): Promise<FeedImport[]> {
  const progress = progressOf(db);
  return (await listImports(db, limit)).map((i) => presentImport(i, progress.get(i.id) ?? null));
}

/** Runs `write` on slices of `rows`, reporting each slice's size once written. */
async function inBatches<W>(rows: W[], size: number, write: (batch: W[]) => Promise<unknown>, report: (n: number) => Promise<void>) {
  for (let i = 0; i < rows.length; i += size) {
    const batch = rows.slice(i, i + size);
    await write(batch);
    await report(batch.length);
  }
}

/** Writes a plan in batches inside the caller's transaction, reporting progress after each. */
async function writePlan(q: Queryable, p: AnyPlan, sendWelcome: boolean, options: ApplyOptions, report: (n: number) => Promise<void>) {
  const size = options.batchRows ?? BATCH_ROWS;
  if (p.resource === 'Office') {
    const names = [...p.plan.create, ...p.plan.update].map((w) => w.row.OfficeAOR).filter((s) => s !== null);
    await ensureAssociations(q, [...new Set(names)]);
    await inBatches(p.plan.create, size, (b) => insertOffices(q, b), report);
    await inBatches(p.plan.update, size, (b) => updateOffices(q, b), report);
    await deactivateMissingOffices(
      q,
      p.plan.missing.map((m) => m.id),
    );
    return;
  }
  const mail = sendWelcome ? options.mail : undefined;
  const insert = async (batch: typeof p.plan.create) => {
    const accounts = await insertMembers(q, batch);
    if (mail) for (const a of accounts) await queueCreatePassword(q, mail, a);
  };
  await inBatches(p.plan.create, size, insert, report);
  await inBatches(p.plan.update, size, (b) => updateMembers(q, b), report);
  await deactivateMissingMembers(
    q,
    p.plan.missing.map((m) => m.id),
  );
}

/**
 * Applies a previewed import in one transaction: the file is compared again with Portico's records as they are now
 * (they may have changed since the preview), then written in batches. Anything failing rolls all of it back; the
 * import is then 'failed' with the error, and nothing changed.
 */
export async function applyImport(db: Db, id: number, options: ApplyOptions = {}): Promise<FeedImport> {
  const row = progressOf(db).has(id) ? null : await claimImport(db, id, STALE_APPLY_MINUTES);
  if (!row) {
    await imported(db, id);
    throw badRequest(FEED_IMPORT_MESSAGES.notPreviewed);
  }
  return runApply(db, row, options);
}

/** Claims the import and applies it in the background; the status call shows its progress. */
export async function startApply(db: Db, id: number, options: ApplyOptions = {}): Promise<FeedImport> {
  const progress = progressOf(db);
  const row = progress.has(id) ? null : await claimImport(db, id, STALE_APPLY_MINUTES);
  if (!row) {
    await imported(db, id);
    throw badRequest(FEED_IMPORT_MESSAGES.notPreviewed);
  }
  progress.set(id, { done: 0, total: row.row_count });
  const claimed = (await findImport(db, id)) ?? row;
  void runApply(db, row, options).catch(() => undefined);
  return presentImport(claimed, progress.get(id)!);
}

async function runApply(db: Db, row: ImportRow, options: ApplyOptions): Promise<FeedImport> {
  const progress = progressOf(db);
  try {
    const done = await db.tx(async (q) => {
      const { headers, records } = parseCsv(row.resource, row.csv ?? '');
      const plan = await planOf(q, row.resource, records, row.whole_roster);
      const total = plan.plan.create.length + plan.plan.update.length;
      let done = 0;
      progress.set(row.id, { done, total });
      await writePlan(q, plan, row.send_welcome, options, async (n) => {
        done = Math.min(total, done + n);
        progress.set(row.id, { done, total });
        // From the pool, beside the apply's transaction (PGlite's one connection writes it once that ends).
        void saveProgress(db, row.id, done, total).catch(() => undefined);
        await options.afterBatch?.(done, total);
      });
      return { preview: presentPlan(plan), rejectedCsv: refusedCsv(headers, records, plan.plan.rejected) };
    });
    await finishImport(db, row.id, done);
  } catch (error) {
    await finishImport(db, row.id, { error: (error as Error).message || String(error) });
  } finally {
    progress.delete(row.id);
  }
  return readImport(db, await imported(db, row.id));
}

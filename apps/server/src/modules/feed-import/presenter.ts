import { FEED_IMPORT_REASON_HEADER, type FeedImport, type FeedImportRejectedRow, type FeedImportRow } from '@portico/shared';
import type { CsvRecord } from './parse';
import type { MemberWrite, OfficeWrite, Plan } from './plan';
import type { ImportRow } from './repository';

/** How many rows of each kind the preview lists (the counts say how many there are), and how many rejected rows. */
export const SAMPLE_ROWS = 25;
export const REJECTED_ROWS = 500;

const memberRow = (w: MemberWrite): FeedImportRow => ({
  line: w.line,
  key: w.row.MemberKey,
  name: w.row.MemberFullName ?? `${w.row.MemberFirstName} ${w.row.MemberLastName}`,
  ...(w.existing ? { changes: w.changes } : {}),
});

const officeRow = (w: OfficeWrite): FeedImportRow => ({
  line: w.line,
  key: w.row.OfficeKey,
  name: w.row.OfficeName,
  ...(w.existing ? { changes: w.changes } : {}),
});

/** The preview a plan makes: its counts, the first rows of each kind and the rejected rows with their reasons. */
export function presentPlan(p: { resource: 'Member'; plan: Plan<MemberWrite> } | { resource: 'Office'; plan: Plan<OfficeWrite> }) {
  const show = (w: MemberWrite | OfficeWrite) => (p.resource === 'Member' ? memberRow(w as MemberWrite) : officeRow(w as OfficeWrite));
  const { plan } = p;
  const deactivating = new Set<unknown>(plan.deactivate);
  return {
    counts: {
      created: plan.create.length,
      updated: plan.update.length - plan.deactivate.length,
      unchanged: plan.unchanged,
      deactivated: plan.deactivate.length + plan.missing.length,
      rejected: plan.rejected.length,
    },
    samples: {
      created: plan.create.slice(0, SAMPLE_ROWS).map(show),
      updated: (plan.update as Array<MemberWrite | OfficeWrite>)
        .filter((w) => !deactivating.has(w))
        .slice(0, SAMPLE_ROWS)
        .map(show),
      deactivated: [
        ...(plan.deactivate as Array<MemberWrite | OfficeWrite>).slice(0, SAMPLE_ROWS).map(show),
        ...plan.missing.slice(0, SAMPLE_ROWS).map((m) => ({ line: null, key: m.key, name: m.name, changes: ['not in the file'] })),
      ].slice(0, SAMPLE_ROWS),
    },
    rejected: plan.rejected.slice(0, REJECTED_ROWS),
  } satisfies ImportRow['preview'];
}

/** An import; while it is applied, its progress as this instance knows it, else as the import's row last said. */
export function presentImport(i: ImportRow, progress: { done: number; total: number } | null): FeedImport {
  return {
    id: i.id,
    resource: i.resource,
    fileName: i.file_name,
    wholeRoster: i.whole_roster,
    sendWelcome: i.send_welcome,
    status: i.status,
    rows: i.row_count,
    counts: i.preview.counts,
    samples: i.preview.samples,
    rejected: i.preview.rejected,
    progress:
      i.status !== 'applying'
        ? null
        : (progress ?? (i.progress_total === null ? null : { done: i.progress_done ?? 0, total: i.progress_total })),
    error: i.error,
    uploadedOn: i.uploaded_on.toISOString(),
    uploadedBy: i.uploaded_by_name ?? null,
    appliedOn: i.applied_on?.toISOString() ?? null,
    refusedFile: i.refused_file ?? false,
  };
}

/** A CSV cell as RFC 4180 quotes it; the value itself unchanged, so that the file imports again as it is. */
const cell = (value: string) => (/[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The refused rows as a CSV (decision 1040): the file's own headers and values, in the file's order, and a last
 * column saying why each was refused (an upload reads past it). Null when no row was refused.
 */
export function refusedCsv(headers: string[], records: CsvRecord[], rejected: FeedImportRejectedRow[]): string | null {
  if (rejected.length === 0) return null;
  const reasons = new Map<number, string>();
  for (const r of rejected) reasons.set(r.line, reasons.has(r.line) ? `${reasons.get(r.line)}; ${r.reason}` : r.reason);
  const lines = [[...headers, FEED_IMPORT_REASON_HEADER].map(cell).join(',')];
  for (const record of records) {
    const reason = reasons.get(record.line);
    if (reason !== undefined) lines.push([...headers.map((h) => record.values[h] ?? ''), reason].map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

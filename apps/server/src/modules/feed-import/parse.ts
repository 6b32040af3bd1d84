import {
  FEED_IMPORT_MAX_BYTES,
  FEED_IMPORT_MAX_ROWS,
  FEED_IMPORT_MESSAGES,
  FEED_IMPORT_REASON_HEADER,
  RESO_RESOURCES,
  RESO_ROW_SCHEMAS,
} from '@portico/shared';
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../lib/errors';

export type ImportResource = 'Member' | 'Office';

/** One data row of the file: its line (for the preview's reasons) and its values by RESO name ('' for an empty cell). */
export interface CsvRecord {
  line: number;
  values: Record<string, string>;
  /** A row whose number of fields differs from the header's: rejected with this reason. */
  problem?: string;
}

const refuse = (message: string, field = 'file') => badRequest(message, [{ field, message }]);

/**
 * The upload's bytes as text: UTF-8 (a BOM is dropped), never a binary file, at most FEED_IMPORT_MAX_BYTES. Used by
 * the route's body parser, so a file that is no CSV is a 400 before anything is read further.
 */
export function decodeUpload(bytes: Buffer): string {
  if (bytes.length > FEED_IMPORT_MAX_BYTES) throw refuse(FEED_IMPORT_MESSAGES.tooLarge);
  if (bytes.includes(0)) throw refuse(FEED_IMPORT_MESSAGES.notCsv);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw refuse(FEED_IMPORT_MESSAGES.notCsv);
  }
}

const required = new Map<ImportResource, string[]>();

/**
 * The headers a file must have: the fields of the feed's row schema that may not be absent (the timestamp aside).
 * Worked out once per resource: every row of a file asks (a 100,000-row file spent seconds failing the same parses).
 */
export function requiredHeaders(resource: ImportResource): string[] {
  let fields = required.get(resource);
  if (!fields) {
    const shape = RESO_ROW_SCHEMAS[resource].shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
    fields = Object.keys(shape).filter((f) => f !== 'ModificationTimestamp' && !shape[f].safeParse(undefined).success);
    required.set(resource, fields);
  }
  return fields;
}

/**
 * The CSV's rows by header. The header row must hold only RESO names of the feed's mapping for the resource
 * (packages/shared reso.ts), each once, with every required one; anything else is a 400 that names the headers. A
 * column FEED_IMPORT_REASON_HEADER (the refused rows' download says why) is read past: that file imports as it is.
 */
export function parseCsv(resource: ImportResource, text: string): { headers: string[]; records: CsvRecord[] } {
  let rows: Array<{ record: string[]; info: { lines: number } }>;
  try {
    rows = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true }) as unknown as typeof rows;
  } catch (error) {
    throw refuse(FEED_IMPORT_MESSAGES.malformed((error as Error).message.replace(/\s+/g, ' ').slice(0, 300)));
  }
  if (rows.length === 0) throw refuse(FEED_IMPORT_MESSAGES.notCsv);
  const all = rows[0].record.map((h) => h.trim());
  const headers = all.filter((h) => h !== FEED_IMPORT_REASON_HEADER);
  const known = new Set(RESO_RESOURCES[resource].fields);
  const unknown = headers.filter((h) => !known.has(h));
  if (unknown.length) throw refuse(FEED_IMPORT_MESSAGES.unknownHeaders(unknown.map((h) => h || '(empty)').slice(0, 20)));
  const twice = headers.filter((h, i) => headers.indexOf(h) !== i);
  if (twice.length) throw refuse(FEED_IMPORT_MESSAGES.duplicateHeaders([...new Set(twice)]));
  const missing = requiredHeaders(resource).filter((h) => !headers.includes(h));
  if (missing.length) throw refuse(FEED_IMPORT_MESSAGES.missingHeaders(missing));
  if (rows.length === 1) throw refuse(FEED_IMPORT_MESSAGES.empty);
  if (rows.length - 1 > FEED_IMPORT_MAX_ROWS) throw refuse(FEED_IMPORT_MESSAGES.tooManyRows);
  const records = rows.slice(1).map(({ record, info }) => ({
    line: info.lines,
    values: Object.fromEntries(all.flatMap((h, i) => (h === FEED_IMPORT_REASON_HEADER ? [] : [[h, record[i] ?? '']]))),
    ...(record.length === all.length ? {} : { problem: `${record.length} fields where the header has ${all.length}` }),
  }));
  return { headers, records };
}

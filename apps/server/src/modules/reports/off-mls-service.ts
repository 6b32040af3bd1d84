import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import {
  addressKey,
  type CreatedReport,
  EVIDENCE,
  EVIDENCE_TYPES,
  type EvidenceType,
  formatDateSlash,
  isEvidenceType,
  OFF_MLS_MESSAGES as O,
  offMlsAddress,
  offMlsReportSchema,
  REPORT_MESSAGES,
  REPORT_WORK_ITEM_DEFINITION_ID,
  todayIso,
  type Viewer,
} from '@portico/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { refuseUnsafeText } from '../../lib/route';
import { insertWorkItem, mayViewCase } from '../cases/index';
import { publishCase } from '../live/index';
import {
  type CheckedFile,
  isMissing,
  keepCheckedUpload,
  keptFileName,
  locateEvidence,
  type MediaStorage,
  removeQuietly,
} from '../media/index';
import {
  appendToCase,
  type EvidenceRow,
  findEvidence,
  insertEvidence,
  insertOffMlsReport,
  type RegisteredCandidate,
  registeredInPostalCode,
  reserveReportId,
} from './off-mls-repository';
import { findReason } from './repository';

type OffMlsReport = z.output<typeof offMlsReportSchema>;
const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);
const rules = {
  accepts: isEvidenceType,
  wrongType: () => fieldError(EVIDENCE.field, O.evidenceWrongType),
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', O.evidenceTooLarge, [{ field: EVIDENCE.field, message: O.evidenceTooLarge }]),
};
/** A case still worked: a report is added to it rather than opening another. */
const OPEN_CASE = new Set(['New', 'Open', 'Waiting on Member']);
export const evidenceUrl = (id: number) => `/api/app/Reports/Evidence/${id}`;

/** Reads the report's JSON part: 400 with field errors for what it lacks, a date first seen after today included. */
function readReport(raw: string | undefined, viewer: Viewer): OffMlsReport {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '');
  } catch {
    throw fieldError(EVIDENCE.reportField, O.sendAsMultipart);
  }
  refuseUnsafeText({ report: json });
  const report = offMlsReportSchema.parse(json);
  if (report.seenOn > todayIso(viewer.timeZone)) throw fieldError('seenOn', O.seenOnFuture);
  return report;
}

/** The registered listing at the address given (the Clear Cooperation watch's matching key), newest first. */
export async function registeredAt(q: Queryable, report: OffMlsReport): Promise<RegisteredCandidate | null> {
  const key = addressKey(offMlsAddress(report), report.postalCode);
  if (!key) return null;
  const candidates = await registeredInPostalCode(q, report.postalCode);
  return candidates.find((c) => addressKey(c.unparsed_address, c.postal_code) === key) ?? null;
}

/**
 * `POST Reports/CreateOffMlsReport` (decision 1093): the report's JSON part first, then up to five evidence files,
 * each checked by its content and kept through the media storage under the report's reserved id. The report, its
 * evidence and its case are then one transaction: attached to the registered listing's open Clear Cooperation case
 * when the address is one, else a new report case for the listing's association (or the reporter's). Anything that
 * fails removes the files already kept.
 */
export async function createOffMlsReport(
  db: Db,
  storage: MediaStorage,
  viewer: Viewer,
  parts: AsyncIterableIterator<MultipartFile | { type: 'field'; fieldname: string; value: unknown }>,
): Promise<CreatedReport> {
  const kept: Array<CheckedFile & { fileName: string }> = [];
  try {
    let report: OffMlsReport | null = null;
    const reportId = await reserveReportId(db);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === EVIDENCE.reportField && !report) report = readReport(String(part.value ?? ''), viewer);
        continue;
      }
      const file = part as MultipartFile;
      if (!report) throw fieldError(EVIDENCE.reportField, O.sendAsMultipart);
      if (file.fieldname !== EVIDENCE.field) throw fieldError(EVIDENCE.field, O.evidenceWrongType);
      if (kept.length >= EVIDENCE.maxFiles) throw fieldError(EVIDENCE.field, O.evidenceTooMany);
      const checked = await keepCheckedUpload(storage, locateEvidence(reportId, randomUUID()), file, rules);
      const extension = EVIDENCE_TYPES[checked.contentType as EvidenceType];
      kept.push({ ...checked, fileName: keptFileName(file.filename, extension, 'evidence', EVIDENCE.maxNameLength) });
    }
    if (!report) throw fieldError(EVIDENCE.reportField, O.sendAsMultipart);
    const given = report;
    return await db.tx((q) => fileReport(q, viewer, reportId, given, kept));
  } catch (error) {
    await removeQuietly(storage, kept);
    throw error;
  }
}

async function fileReport(
  q: Queryable,
  viewer: Viewer,
  reportId: number,
  report: OffMlsReport,
  kept: Array<CheckedFile & { fileName: string }>,
): Promise<CreatedReport> {
  const reason = await findReason(q, report.reportReasonId);
  if (!reason?.is_visible_to_members) throw fieldError('reportReasonId', REPORT_MESSAGES.reasonNotFound);
  if (reason.kind !== 'off-mls') throw fieldError('reportReasonId', O.reasonNotOffMls);
  const address = offMlsAddress(report);
  const listing = await registeredAt(q, report);
  const seen = `${report.seenWhere}, first seen ${formatDateSlash(report.seenOn)}`;
  const open = listing?.mls_case_id && OPEN_CASE.has(listing.case_status ?? '') ? listing : null;
  const ccCase = open ? { id: open.mls_case_id as number, code: open.case_short_code ?? String(open.mls_case_id) } : null;
  if (ccCase)
    // The listing's agent is the Clear Cooperation case's contact: the line names no reporter (decision 1093).
    await appendToCase(
      q,
      ccCase.id,
      `${formatDateSlash(todayIso(viewer.timeZone))}: a member reported it marketed (${seen}). ${report.text}`,
      [],
    );
  // The reporter's own report case, always: they follow it under Member Insights, also when the report went to the
  // listing's Clear Cooperation case, which they do not see (decision 1125).
  const item = await insertWorkItem(q, {
    definitionId: REPORT_WORK_ITEM_DEFINITION_ID,
    title: `${reason.reason_text}: ${address}`,
    contactMemberId: viewer.memberId,
    aorId: listing?.aor_id ?? null,
    fields: {
      ReportType: 'Listing',
      Reason: reason.reason_text,
      ListingId: listing?.listing_id ?? null,
      Address: `${address} ${report.postalCode}`,
      SeenOn: formatDateSlash(report.seenOn),
      SeenWhere: report.seenWhere,
      Body: report.text,
      ContactName: viewer.loginId,
      ...(ccCase ? { ClearCooperationCase: ccCase.code } : {}),
    },
    createdByMemberId: viewer.memberId,
    createdBy: viewer.loginId,
  });
  const facts = { ...report, address, registeredListingId: listing?.id ?? null };
  // The evidence belongs to the case the listing's people see (the Clear Cooperation case when there is one); the
  // reporter opens it as its reporter, from their own case's links.
  await insertOffMlsReport(q, {
    id: reportId,
    reasonId: reason.id,
    text: report.text,
    reportingParty: viewer.loginId,
    reporterId: viewer.memberId,
    workItemId: ccCase?.id ?? item.id,
    facts,
    registeredListingId: listing?.id ?? null,
  });
  const ids = await insertEvidence(
    q,
    reportId,
    kept.map((f) => ({ fileName: f.fileName, contentType: f.contentType, size: f.size, storagePath: f.at.rel })),
  );
  const links = ids.map((id, i) => ({ name: kept[i]!.fileName, url: evidenceUrl(id) }));
  for (const caseId of ccCase ? [ccCase.id, item.id] : [item.id]) {
    if (links.length) await appendToCase(q, caseId, null, links);
    await publishCase(q, caseId);
  }
  return { id: reportId, workItemId: item.id, itemShortCode: item.item_short_code };
}

/**
 * The guards' row: an evidence file for its reporter and for whoever sees its case (the staff who work it, and the
 * contact of a Clear Cooperation case it was added to); 404 for anyone else.
 */
export const visibleEvidence = rowLoader<EvidenceRow, { params: { id: number } }>(
  'evidence of a case the member sees',
  O.evidenceNotFound,
  async ({ db, viewer, params }) => {
    const row = await findEvidence(db, params.id);
    if (!row) return null;
    return row.reporter_member_id === viewer.memberId || (await mayViewCase(db, viewer, row.work_item_id)) ? row : null;
  },
);

/** The file of an evidence row, to send; 404 when the storage lost it. */
export async function evidenceToSend(storage: MediaStorage, row: EvidenceRow) {
  try {
    const body = await storage.read(locateEvidence(row.report_id, row.storage_path.slice(1)));
    return { fileName: row.file_name, contentType: row.content_type, size: row.size_bytes, body };
  } catch (error) {
    if (isMissing(error)) throw new AppError('NOT_FOUND', O.evidenceNotFound);
    throw error;
  }
}

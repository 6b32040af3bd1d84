import type { ExemptionKind } from '@portico/shared';
import type { Queryable } from '../../db/index';

/** The latest seller disclosure of a listing, as `SELECT` carries it (a JSON object) and the download reads it. */
export interface DisclosureRow {
  id: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_path: string;
  uploaded_by_name: string | null;
  uploaded_on: string;
}

/**
 * The latest disclosure of the listing `r`, as one JSON value: a column of the whole-record select (repository's
 * SELECT), read through `registered_disclosures_listing_idx`.
 */
export const LATEST_DISCLOSURE_SQL = `(SELECT json_build_object('id', d.id, 'file_name', d.file_name, 'content_type', d.content_type,
    'size_bytes', d.size_bytes, 'storage_path', d.storage_path, 'uploaded_by_name', dm.display_name, 'uploaded_on', d.uploaded_on)
  FROM registered_disclosures d LEFT JOIN members dm ON dm.id = d.uploaded_by
  WHERE d.registered_listing_id = r.id ORDER BY d.id DESC LIMIT 1) AS disclosure`;

/** The exemption facts counted when a listing is written; the disclosure deadline only at registration. */
export async function setExemptionFacts(
  q: Queryable,
  id: number,
  facts: {
    kind: ExemptionKind;
    mlsDueOn: string | null;
    disclosureDueAt?: Date;
    deadline: { on: string; at: Date; dueSoonAt: Date } | null;
  },
): Promise<void> {
  // A moved Clear Cooperation deadline starts afresh: the alert and case of the earlier one stay on record (1080).
  await q.query(
    `UPDATE registered_listings SET exemption_kind = $1, mls_due_on = $2::date,
       disclosure_due_at = COALESCE($3::timestamptz, disclosure_due_at),
       mls_alerted_on = CASE WHEN mls_deadline_on IS DISTINCT FROM $5::date THEN NULL ELSE mls_alerted_on END,
       mls_case_id = CASE WHEN mls_deadline_on IS DISTINCT FROM $5::date THEN NULL ELSE mls_case_id END,
       mls_deadline_on = $5::date, mls_deadline_at = $6::timestamptz, mls_due_soon_at = $7::timestamptz
     WHERE id = $4`,
    [
      facts.kind,
      facts.mlsDueOn,
      facts.disclosureDueAt?.toISOString() ?? null,
      id,
      facts.deadline?.on ?? null,
      facts.deadline?.at.toISOString() ?? null,
      facts.deadline?.dueSoonAt.toISOString() ?? null,
    ],
  );
}

/** Records a filed disclosure and marks the listing's disclosure filed, in the caller's transaction. */
export async function insertDisclosure(
  q: Queryable,
  listingId: number,
  file: { fileName: string; contentType: string; size: number; storagePath: string },
  memberId: number,
): Promise<void> {
  const row = await q.one<{ uploaded_on: Date }>(
    `INSERT INTO registered_disclosures (registered_listing_id, file_name, content_type, size_bytes, storage_path, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING uploaded_on`,
    [listingId, file.fileName, file.contentType, file.size, file.storagePath, memberId],
  );
  await q.query('UPDATE registered_listings SET disclosure_filed_on = $1 WHERE id = $2', [row!.uploaded_on, listingId]);
}

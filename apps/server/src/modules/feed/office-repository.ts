import { isActiveStatus, type ResoOffice } from '@portico/shared';
import type { Queryable } from '../../db/index';

/** The association of a short name, created the first time the feed names it. */
export async function associationId(q: Queryable, shortName: string | null): Promise<number | null> {
  if (!shortName) return null;
  await q.query('INSERT INTO associations (short_name, name) VALUES ($1, $1) ON CONFLICT (short_name) DO NOTHING', [shortName]);
  return (await q.one<{ id: number }>('SELECT id FROM associations WHERE short_name = $1', [shortName]))!.id;
}

/** An office's $1..$11: its columns, with the association's id. */
function officeValues(o: ResoOffice, aorId: number | null): unknown[] {
  return [
    o.OfficeKey,
    o.OfficeMlsId,
    o.OfficeName,
    o.MainOfficeMlsId,
    aorId,
    isActiveStatus(o.OfficeStatus ?? 'Active') ? 1 : 2,
    o.OriginatingSystemName,
    o.OfficePhone,
    o.OfficeCity,
    o.MainOfficeKey,
    o.OfficeBrokerKey,
  ];
}

// The main office's MLS id: of the office of MainOfficeKey ($10) when Portico has it, else MainOfficeMlsId ($4).
const MAIN_OFFICE_CODE = `COALESCE((SELECT office_code FROM offices WHERE office_key = $10), $4)`;

/**
 * The office of this key, else one without a key of this MLS id (one the seed or a CSV made before the feed, which is
 * adopted). Answers whether there was one to update.
 */
export async function updateOffice(q: Queryable, o: ResoOffice, aorId: number | null): Promise<boolean> {
  const updated = await q.one<{ id: number }>(
    `UPDATE offices SET office_key = $1, office_code = $2, name = $3, main_office_code = ${MAIN_OFFICE_CODE}, aor_id = COALESCE($5, aor_id),
       office_status_id = $6, originating_system_id = COALESCE($7, originating_system_id), phone = $8, city = $9,
       main_office_key = $10, broker_key = $11
     WHERE id = (SELECT id FROM offices WHERE office_key = $1 OR (office_key IS NULL AND office_code = $2)
                 ORDER BY office_key IS NULL LIMIT 1)
     RETURNING id`,
    officeValues(o, aorId),
  );
  return !!updated;
}

export async function insertOffice(q: Queryable, o: ResoOffice, aorId: number | null): Promise<void> {
  await q.query(
    `INSERT INTO offices (office_key, office_code, name, main_office_code, aor_id, office_status_id, originating_system_id, phone, city,
       main_office_key, broker_key)
     VALUES ($1, $2, $3, ${MAIN_OFFICE_CODE}, $5, $6, $7, $8, $9, $10, $11)`,
    officeValues(o, aorId),
  );
}

/**
 * After a page of offices: the branches of these offices' keys (or these offices as branches) take their main
 * office's MLS id, including a main office that came after its branches or changed its MLS id.
 */
export async function linkMainOffices(q: Queryable, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await q.query(
    `UPDATE offices b SET main_office_code = m.office_code FROM offices m
     WHERE b.main_office_key = m.office_key AND b.main_office_code IS DISTINCT FROM m.office_code
       AND (b.office_key = ANY($1::text[]) OR m.office_key = ANY($1::text[]))`,
    [keys],
  );
}

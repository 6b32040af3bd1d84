import type { ResourceMaterialsValues } from '@portico/shared';
import type { Queryable } from '../../db/index';

export interface ResourceMaterialsRow {
  url: string;
  image: string;
  password: string;
  info_url: string | null;
  info_image: string | null;
  is_broker: boolean;
}

/** A stored row with where it belongs, for the editors (decision 0801). */
export interface ResourceMaterialsRecord extends ResourceMaterialsRow {
  aor_id: number;
  office_id: number | null;
  modified_on: Date;
}

export interface OfficeRef {
  id: number;
  code: string;
  aorId: number;
}

const COLUMNS = 'r.url, r.image, r.password, r.info_url, r.info_image, r.is_broker';

/**
 * The resource materials for an admin (decision 0801): for brokers their main office's own row if it has one,
 * else their association's broker row; for association and MLS staff their association's staff row.
 */
export async function findResourceMaterials(
  q: Queryable,
  who: { aorId: number | null; mainOfficeCode: string | null; forBrokers: boolean },
): Promise<ResourceMaterialsRow | null> {
  return q.one<ResourceMaterialsRow>(
    `SELECT ${COLUMNS} FROM resource_materials r
     WHERE ($3 AND r.office_id = (SELECT id FROM offices WHERE office_code = $2))
        OR (r.office_id IS NULL AND r.aor_id = $1 AND r.is_broker = $3)
     ORDER BY r.office_id NULLS LAST LIMIT 1`,
    [who.aorId, who.mainOfficeCode, who.forBrokers],
  );
}

/** An association's own two rows (brokers' and staff), whichever exist. */
export async function findAssociationResourceMaterials(q: Queryable, aorId: number): Promise<ResourceMaterialsRecord[]> {
  return q.query<ResourceMaterialsRecord>(
    `SELECT ${COLUMNS}, r.aor_id, r.office_id, r.modified_on FROM resource_materials r WHERE r.aor_id = $1 AND r.office_id IS NULL`,
    [aorId],
  );
}

export async function findOfficeResourceMaterials(q: Queryable, officeId: number): Promise<ResourceMaterialsRecord | null> {
  return q.one<ResourceMaterialsRecord>(
    `SELECT ${COLUMNS}, r.aor_id, r.office_id, r.modified_on FROM resource_materials r WHERE r.office_id = $1`,
    [officeId],
  );
}

export async function associationExists(q: Queryable, aorId: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM associations WHERE id = $1', [aorId]));
}

/** The office a code names (a broker's main office), with its association. */
export async function findOfficeByCode(q: Queryable, code: string): Promise<OfficeRef | null> {
  const row = await q.one<{ id: number; office_code: string; aor_id: number | null }>(
    'SELECT id, office_code, aor_id FROM offices WHERE office_code = $1',
    [code],
  );
  return row?.aor_id ? { id: row.id, code: row.office_code, aorId: row.aor_id } : null;
}

const VALUES = (v: ResourceMaterialsValues) => [v.url ?? '', v.image ?? '', v.password, v.infoUrl, v.infoImage];

/** Writes an association's brokers' or staff row, creating it the first time. */
export async function upsertAssociationResourceMaterials(q: Queryable, aorId: number, isBroker: boolean, v: ResourceMaterialsValues) {
  await q.query(
    `INSERT INTO resource_materials (aor_id, office_id, is_broker, url, image, password, info_url, info_image)
     VALUES ($1, NULL, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (aor_id, is_broker) WHERE office_id IS NULL DO UPDATE SET url = EXCLUDED.url, image = EXCLUDED.image,
       password = EXCLUDED.password, info_url = EXCLUDED.info_url, info_image = EXCLUDED.info_image, modified_on = now()`,
    [aorId, isBroker, ...VALUES(v)],
  );
}

/** Writes a main office's own row (always a brokers' row), creating it the first time. */
export async function upsertOfficeResourceMaterials(q: Queryable, office: OfficeRef, v: ResourceMaterialsValues) {
  await q.query(
    `INSERT INTO resource_materials (aor_id, office_id, is_broker, url, image, password, info_url, info_image)
     VALUES ($1, $2, TRUE, $3, $4, $5, $6, $7)
     ON CONFLICT (office_id) WHERE office_id IS NOT NULL DO UPDATE SET url = EXCLUDED.url, image = EXCLUDED.image,
       password = EXCLUDED.password, info_url = EXCLUDED.info_url, info_image = EXCLUDED.info_image, modified_on = now()`,
    [office.aorId, office.id, ...VALUES(v)],
  );
}

export async function deleteOfficeResourceMaterials(q: Queryable, officeId: number): Promise<boolean> {
  const rows = await q.query('DELETE FROM resource_materials WHERE office_id = $1 RETURNING id', [officeId]);
  return rows.length > 0;
}

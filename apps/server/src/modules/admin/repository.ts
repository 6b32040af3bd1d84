import type { Queryable } from '../../db/index';

export interface ResourceMaterialsRow {
  url: string;
  image: string;
  password: string;
  info_url: string | null;
  info_image: string | null;
  is_broker: boolean;
}

/**
 * The resource materials for an admin (decision 0801): for brokers their main office's own row if it has one,
 * else their association's broker row; for association and MLS staff their association's staff row.
 */
export async function findResourceMaterials(
  q: Queryable,
  who: { aorId: number | null; mainOfficeCode: string | null; forBrokers: boolean },
): Promise<ResourceMaterialsRow | null> {
  return q.one<ResourceMaterialsRow>(
    `SELECT r.url, r.image, r.password, r.info_url, r.info_image, r.is_broker FROM resource_materials r
     WHERE ($3 AND r.office_id = (SELECT id FROM offices WHERE office_code = $2))
        OR (r.office_id IS NULL AND r.aor_id = $1 AND r.is_broker = $3)
     ORDER BY r.office_id NULLS LAST LIMIT 1`,
    [who.aorId, who.mainOfficeCode, who.forBrokers],
  );
}

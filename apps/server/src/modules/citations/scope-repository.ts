import type { Queryable } from '../../db/index';

/** A main office's offices: itself and its branches (whose citations its brokers and office managers read). */
export async function mainOfficeFamily(q: Queryable, officeId: number, officeCode: string | null): Promise<number[]> {
  const rows = await q.query<{ id: number }>('SELECT id FROM offices WHERE id = $1 OR main_office_code = $2', [officeId, officeCode]);
  return rows.map((r) => r.id);
}

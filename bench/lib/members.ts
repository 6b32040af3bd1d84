import { toViewer, type Viewer } from '@portico/shared';
import type { Db } from '../../apps/server/src/db/index';

/** A scale member or scale staff member with the viewer the app computes for them. */
export interface BenchMember {
  accountId: number;
  viewer: Viewer;
}

interface Row {
  account_id: number;
  member_id: number;
  login_id: string;
  user_class: string;
  office_id: number | null;
  office_code: string | null;
  main_office_code: string | null;
  aor_id: number | null;
  aor_short_name: string | null;
  originating_system_id: string | null;
  is_crmls_admin: boolean;
  is_crmls_aor_admin: boolean;
  is_crmls_office_admin: boolean;
}

const byDb = new WeakMap<Db, Promise<BenchMember[]>>();

/** Every scale member and scale staff member (`OCM0000041`, `OCT0000001`), in a fixed pseudo-random order. */
function allBenchMembers(db: Db): Promise<BenchMember[]> {
  let members = byDb.get(db);
  if (!members) {
    members = db
      .query<Row>(
        `SELECT acc.id AS account_id, m.id AS member_id, m.login_id, m.user_class, m.office_id, o.office_code, o.main_office_code,
                m.aor_id, a.short_name AS aor_short_name, m.originating_system_id, m.is_crmls_admin, m.is_crmls_aor_admin,
                m.is_crmls_office_admin
         FROM accounts acc JOIN members m ON m.id = acc.member_id
         LEFT JOIN offices o ON o.id = m.office_id LEFT JOIN associations a ON a.id = m.aor_id
         WHERE m.login_id ~ '^[A-Z]{2,3}[MT][0-9]{7}$' ORDER BY md5(acc.id::text)`,
      )
      .then((rows) =>
        rows.map((r) => ({
          accountId: r.account_id,
          // The same rule the server applies to a signed-in member (packages/shared, viewer.ts).
          viewer: toViewer({
            memberId: r.member_id,
            loginId: r.login_id,
            userClass: r.user_class,
            officeId: r.office_id,
            officeCode: r.office_code,
            mainOfficeCode: r.main_office_code,
            aorId: r.aor_id,
            aorShortName: r.aor_short_name,
            originatingSystemId: r.originating_system_id,
            isCrmlsAdmin: r.is_crmls_admin,
            isCrmlsAorAdmin: r.is_crmls_aor_admin,
            isCrmlsOfficeAdmin: r.is_crmls_office_admin,
          })!,
        })),
      );
    byDb.set(db, members);
  }
  return members;
}

/**
 * Up to `count` scale members of one ownership level (1 agents and assistants, 2 office managers and brokers of a
 * branch, 3 of a main office, 4 association staff, 5 MLS staff), the same ones on every run. Levels 4 and 5 need
 * the `staff` scale seeder.
 */
export async function benchMembersAtLevel(
  db: Db,
  level: number,
  count: number,
  where?: (m: BenchMember) => boolean,
): Promise<BenchMember[]> {
  const picked = (await allBenchMembers(db)).filter((m) => m.viewer.level === level && (!where || where(m))).slice(0, count);
  if (picked.length === 0) throw new Error(`No scale members of level ${level}: did the members and staff scale seeders run?`);
  return picked;
}

import { hashPassword } from '../identity/credentials';
import { DEMO_PASSWORD } from './demo-accounts';
import { FIRST_NAMES, LAST_NAMES } from './random';
import type { ScaleSeeder } from './scale';

/** Scale staff login ids: association code, 'T', 7 digits (`OCT0000001`); neither demo nor scale members look like this. */
const STAFF_LOGIN = '^[A-Z]{2,3}T[0-9]{7}$';

/**
 * Association and MLS staff for benchmarks of what staff do (the agent search across a whole association or the
 * MLS): round-robin over the associations, each in the first main office of its association. Every tenth is MLS
 * staff (level 5), the others association staff (level 4), one in five of those with the AOR admin flag.
 */
export const staffScaleSeeder: ScaleSeeder = {
  option: 'staff',
  benchDefault: 130,
  description: 'association and MLS staff with their accounts (password Portico#2026), spread over the associations',
  async run(db, count, log) {
    const existing = (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE login_id ~ $1', [STAFF_LOGIN]))?.n ?? 0;
    if (existing >= count) {
      log(`staff: ${existing} scale staff already present`);
      return 0;
    }
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.tx((q) =>
      q.query(
        `WITH aors AS (
           SELECT a.id, a.short_name, row_number() OVER (ORDER BY a.short_name) AS ix,
                  (SELECT o.id FROM offices o WHERE o.aor_id = a.id AND (o.main_office_code IS NULL OR o.main_office_code = o.office_code)
                   ORDER BY o.id LIMIT 1) AS office_id
           FROM associations a
         ),
         k AS (SELECT k, (k::bigint * 2654435761) % 4294967296 AS h FROM generate_series($1::int, $2::int) AS k),
         source AS (
           SELECT k.k, k.h, aors.id AS aor_id, aors.short_name || 'T' || lpad(k.k::text, 7, '0') AS login_id, o.id AS office_id,
                  o.office_code, o.originating_system_id, CASE WHEN k.k % 10 = 0 THEN 'BANGP' ELSE 'BANGM' END AS user_class
           FROM k JOIN aors ON aors.ix = ((k.k - 1) % (SELECT count(*) FROM aors)) + 1 JOIN offices o ON o.id = aors.office_id
         ),
         inserted AS (
           INSERT INTO members (login_id, first_name, last_name, display_name, email, user_class, broker_code, broker_branch,
             office_id, aor_id, mls_security_class, originating_system_id, is_crmls_aor_admin)
           SELECT login_id, ($3::text[])[(h % cardinality($3::text[]))::int + 1], ($4::text[])[((h / 97) % cardinality($4::text[]))::int + 1],
                  ($3::text[])[(h % cardinality($3::text[]))::int + 1] || ' ' || ($4::text[])[((h / 97) % cardinality($4::text[]))::int + 1],
                  lower(login_id) || '@staff.example-mls.org', user_class, office_code, office_code, office_id, aor_id, user_class,
                  originating_system_id, user_class = 'BANGM' AND k % 5 = 1
           FROM source
           RETURNING id, login_id
         )
         INSERT INTO accounts (login_id, password_hash, member_id, password_changed_on) SELECT login_id, $5, id, now() FROM inserted`,
        [existing + 1, count, FIRST_NAMES, LAST_NAMES, passwordHash],
      ),
    );
    await db.query('ANALYZE members');
    return count - existing;
  },
};

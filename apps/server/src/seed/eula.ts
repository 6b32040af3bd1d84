import type { Queryable } from '../db/index';
import { hashPassword } from '../identity/credentials';
import { cleanHtml } from '../lib/html-sanitizer';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

/** The body only: screens show the title (`eulas.title`) above it once. */
export const EULA_HTML = `<p>This agreement governs your use of the member portal and the MLS data and applications reached through it.</p>
<h3>1. Use of MLS data</h3>
<p>Listing information is provided for the use of participants and subscribers in the course of their real estate
business. It may not be reproduced, redistributed or displayed except as MLS rules allow.</p>
<h3>2. Your account</h3>
<p>Your login ID and password are for you alone. Do not share them; keep a second factor enabled where offered.</p>
<h3>3. Applications</h3>
<p>Third-party applications launched from the portal are governed by their own terms.</p>
<h3>4. Privacy</h3>
<p>The MLS records sign-ins and the use of its services to keep them secure and to improve them.</p>`;

/**
 * Every member (whose login id matches `loginPattern`, a regular expression) without an acceptance of the current
 * agreement accepts it, signed with their name.
 */
export async function acceptCurrentEula(q: Queryable, acceptedOn = new Date(), loginPattern = '.*'): Promise<void> {
  await q.query(
    `INSERT INTO eula_acceptances (member_id, eula_id, accepted_on, signature)
     SELECT m.id, e.id, $1, m.first_name || ' ' || m.last_name
     FROM members m CROSS JOIN (SELECT id FROM eulas ORDER BY published_on DESC, id DESC LIMIT 1) e
     WHERE m.login_id ~ $2
     ON CONFLICT (member_id, eula_id) DO NOTHING`,
    [acceptedOn, loginPattern],
  );
}

/** The agreement, accepted by every member seeded before it (the demo member who has not is added last). */
export async function seedEula(q: Queryable): Promise<void> {
  await q.query(
    "INSERT INTO eulas (version, title, body_html, published_on) VALUES ('2026.1', 'End User License Agreement', $1, '2026-01-01T00:00:00Z')",
    [cleanHtml(EULA_HTML)],
  );
  await acceptCurrentEula(q, new Date('2026-01-15T16:00:00Z'));
}

/**
 * The demo members who have not accepted the agreement yet. They are added after every other seeder (which read
 * no random numbers for them), so that the rest of the demo data stays exactly as it was.
 */
export async function seedEulaPendingMembers(q: Queryable): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_ACCOUNTS) {
    const m = demo.member;
    if (!m?.eulaPending) continue;
    const row = await q.one<{ id: number }>(
      `INSERT INTO members (login_id, first_name, last_name, display_name, email, user_class, broker_code, broker_branch, agent_code,
         office_id, aor_id, mls_security_class, originating_system_id, state_license, phone)
       SELECT $1, $2, $3, $2 || ' ' || $3, lower($1) || '@members.example-mls.org', $4, o.main_office_code, o.office_code, upper($1),
              o.id, o.aor_id, $4, $5, $6, $7
       FROM offices o WHERE o.office_code = $8 RETURNING id`,
      [demo.loginId, m.firstName, m.lastName, m.userClass, m.system, m.eulaPending.stateLicense, m.eulaPending.phone, m.officeCode],
    );
    await q.query('INSERT INTO accounts (login_id, password_hash, member_id) VALUES ($1, $2, $3)', [demo.loginId, passwordHash, row!.id]);
  }
}

import type { Queryable } from '../db/index';
import { cleanHtml } from '../lib/html-sanitizer';

export const EULA_HTML = `<h2>End User License Agreement</h2>
<p>This agreement governs your use of the member portal and the MLS data and applications reached through it.</p>
<h3>1. Use of MLS data</h3>
<p>Listing information is provided for the use of participants and subscribers in the course of their real estate
business. It may not be reproduced, redistributed or displayed except as MLS rules allow.</p>
<h3>2. Your account</h3>
<p>Your login ID and password are for you alone. Do not share them; keep a second factor enabled where offered.</p>
<h3>3. Applications</h3>
<p>Third-party applications launched from the portal are governed by their own terms.</p>
<h3>4. Privacy</h3>
<p>The MLS records sign-ins and the use of its services to keep them secure and to improve them.</p>`;

export async function seedEula(q: Queryable): Promise<void> {
  const eula = await q.one<{ id: number }>(
    "INSERT INTO eulas (version, title, body_html, published_on) VALUES ('2026.1', 'End User License Agreement', $1, '2026-01-01T00:00:00Z') RETURNING id",
    [cleanHtml(EULA_HTML)],
  );
  await q.query("INSERT INTO eula_acceptances (member_id, eula_id, accepted_on) SELECT id, $1, '2026-01-15T16:00:00Z' FROM members", [
    eula!.id,
  ]);
}

import type { Queryable } from '../../db/index';

export interface ApplicationRow {
  id: number;
  name: string;
  name_short: string;
  url: string | null;
  icon_url: string | null;
  hover_text: string | null;
  application_category: 'member' | 'aor' | 'broker' | 'marketplace';
  mls_system: string | null;
  is_connected: boolean;
  created_on: Date;
  sso_protocol: 'link' | 'saml' | 'oidc';
  /** The sign-in start of an application that signs in by OpenID Connect (decision 0989), else null. */
  oidc_initiate_login_uri: string | null;
}

export interface Audience {
  aorId: number | null;
  mainOfficeCode: string | null;
  memberType: number;
}

/**
 * The applications an audience may use: an application without audience rows is for everyone; otherwise one
 * row must match on every column it sets. An opt-out of the member's main office (access_control 0) hides it,
 * because only the main office's setting applies (seed 000, application settings).
 */
export function findAudienceApplications(q: Queryable, audience: Audience): Promise<ApplicationRow[]> {
  // Prepared: every dashboard asks it, and on PGlite parsing and planning cost more than the read (decision 0001).
  return q.queryPrepared<ApplicationRow>(
    `SELECT a.id, a.name, a.name_short, a.url, a.icon_url, a.hover_text, a.application_category, a.mls_system,
            a.is_connected, a.created_on, a.sso_protocol, o.initiate_login_uri AS oidc_initiate_login_uri
       FROM applications a
       LEFT JOIN oidc_applications o ON o.application_id = a.id AND o.enabled
      WHERE (NOT EXISTS (SELECT 1 FROM application_audiences x WHERE x.application_id = a.id)
             OR EXISTS (SELECT 1 FROM application_audiences x
                         WHERE x.application_id = a.id
                           AND (x.aor_id IS NULL OR x.aor_id = $1)
                           AND (x.main_office_code IS NULL OR x.main_office_code = $2)
                           AND (x.member_type_value IS NULL OR x.member_type_value = $3)))
        AND NOT EXISTS (SELECT 1 FROM office_applications oa JOIN offices o ON o.id = oa.office_id
                         WHERE oa.application_id = a.id AND oa.access_control = 0 AND o.office_code = $2)
      ORDER BY a.name, a.id`,
    [audience.aorId, audience.mainOfficeCode, audience.memberType],
  );
}

export type LaunchOutcome = 'assertion-sent' | 'signed-in' | 'refused-audience' | 'refused-account' | 'refused-hold';

/** One insert per launch (issue 19 section 4). */
export async function recordLaunch(
  q: Queryable,
  memberId: number | null,
  applicationId: number,
  protocol: 'saml' | 'oidc',
  outcome: LaunchOutcome,
): Promise<void> {
  await q.query('INSERT INTO application_launches (member_id, application_id, protocol, outcome) VALUES ($1, $2, $3, $4)', [
    memberId,
    applicationId,
    protocol,
    outcome,
  ]);
}

/** The id of the application with this short name, or null. */
export async function applicationIdByNameShort(q: Queryable, nameShort: string): Promise<number | null> {
  const found = await q.one<{ id: number }>('SELECT id FROM applications WHERE name_short = $1', [nameShort]);
  return found?.id ?? null;
}

/** The id of the application with this short name, made first when missing (the demo's SAML and OIDC applications). */
export async function ensureApplication(q: Queryable, nameShort: string, name: string, hoverText: string): Promise<number> {
  const found = await applicationIdByNameShort(q, nameShort);
  if (found !== null) return found;
  const row = await q.one<{ id: number }>(
    `INSERT INTO applications (name, name_short, hover_text, application_category) VALUES ($1, $2, $3, 'member') RETURNING id`,
    [name, nameShort, hoverText],
  );
  return (row as { id: number }).id;
}

export async function setApplicationUrl(q: Queryable, applicationId: number, url: string): Promise<void> {
  await q.query('UPDATE applications SET url = $2 WHERE id = $1', [applicationId, url]);
}

import type { Queryable } from '../../db/index';

export interface OidcApplicationRow {
  application_id: number;
  application_name: string;
  application_url: string | null;
  client_id: string;
  client_secret_sealed: string;
  token_endpoint_auth_method: 'client_secret_basic' | 'client_secret_post';
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  initiate_login_uri: string | null;
  scopes: string;
  enabled: boolean;
  backchannel_logout_uri: string | null;
  backchannel_logout_session_required: boolean;
  secret_rotated_on: Date;
}

const SELECT_CLIENT = `
  SELECT o.application_id, a.name AS application_name, a.url AS application_url, o.client_id, o.client_secret_sealed,
         o.token_endpoint_auth_method, o.redirect_uris, o.post_logout_redirect_uris, o.initiate_login_uri, o.scopes,
         o.enabled, o.backchannel_logout_uri, o.backchannel_logout_session_required, o.secret_rotated_on
    FROM oidc_applications o JOIN applications a ON a.id = o.application_id`;

export function findOidcApplication(q: Queryable, applicationId: number) {
  return q.one<OidcApplicationRow>(`${SELECT_CLIENT} WHERE o.application_id = $1`, [applicationId]);
}

/**
 * The provider's lookup of a client: read on every request, so a change or a deletion counts at once. An application
 * switched to another protocol on the Single sign-on screen keeps its client row but answers no sign-in (decision 0988).
 */
export function findOidcApplicationByClientId(q: Queryable, clientId: string) {
  return q.one<OidcApplicationRow>(`${SELECT_CLIENT} WHERE o.client_id = $1 AND a.sso_protocol = 'oidc'`, [clientId]);
}

/** Registering a client makes OpenID Connect the application's protocol (as saving SAML settings makes it 'saml'). */
export async function markOidcProtocol(q: Queryable, applicationId: number): Promise<void> {
  await q.query("UPDATE applications SET sso_protocol = 'oidc' WHERE id = $1", [applicationId]);
}

export function findApplicationName(q: Queryable, applicationId: number) {
  return q.one<{ id: number; name: string }>('SELECT id, name FROM applications WHERE id = $1', [applicationId]);
}

export interface OidcApplicationSettings {
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post';
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  initiateLoginUri: string | null;
  scopes: string[];
  enabled: boolean;
  backchannelLogoutUri: string | null;
  backchannelLogoutSessionRequired: boolean;
}

/**
 * The settings' columns in the order both writes list them (token auth, redirects, post-logout, initiate, scopes,
 * enabled, back-channel logout URI and whether it needs the session id).
 */
const settingsValues = (s: OidcApplicationSettings) => [
  s.tokenEndpointAuthMethod,
  JSON.stringify(s.redirectUris),
  JSON.stringify(s.postLogoutRedirectUris),
  s.initiateLoginUri,
  s.scopes.join(' '),
  s.enabled,
  s.backchannelLogoutUri,
  s.backchannelLogoutSessionRequired,
];

/** A new client of an application (its id and sealed secret made by the service). */
export async function insertOidcApplication(
  q: Queryable,
  applicationId: number,
  clientId: string,
  sealedSecret: string,
  s: OidcApplicationSettings,
): Promise<void> {
  await q.query(
    `INSERT INTO oidc_applications (application_id, client_id, client_secret_sealed, token_endpoint_auth_method, redirect_uris,
       post_logout_redirect_uris, initiate_login_uri, scopes, enabled, backchannel_logout_uri, backchannel_logout_session_required)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [applicationId, clientId, sealedSecret, ...settingsValues(s)],
  );
}

export async function updateOidcApplication(q: Queryable, applicationId: number, s: OidcApplicationSettings): Promise<void> {
  await q.query(
    `UPDATE oidc_applications SET token_endpoint_auth_method = $2, redirect_uris = $3, post_logout_redirect_uris = $4,
       initiate_login_uri = $5, scopes = $6, enabled = $7, backchannel_logout_uri = $8,
       backchannel_logout_session_required = $9, modified_on = now()
     WHERE application_id = $1`,
    [applicationId, ...settingsValues(s)],
  );
}

export async function replaceClientSecret(q: Queryable, applicationId: number, sealedSecret: string): Promise<void> {
  await q.query(
    'UPDATE oidc_applications SET client_secret_sealed = $2, secret_rotated_on = now(), modified_on = now() WHERE application_id = $1',
    [applicationId, sealedSecret],
  );
}

/** The member of a provider account (for the launch log), or null. */
export function memberIdOfAccount(q: Queryable, accountId: number) {
  return q.one<{ member_id: number | null }>('SELECT member_id FROM accounts WHERE id = $1', [accountId]);
}

/** A logout token still to send (decision 0997). */
export interface PendingLogout {
  id: number;
  client_id: string;
  account_id: string;
  sid: string | null;
  attempts: number;
}

/** The logouts due now, oldest first, that have attempts left. */
export function dueBackchannelLogouts(q: Queryable, maxAttempts: number, limit: number) {
  return q.query<PendingLogout>(
    `SELECT id::int AS id, client_id, account_id, sid, attempts FROM oidc_backchannel_logouts
      WHERE sent_on IS NULL AND attempts < $1 AND next_attempt_on <= now() ORDER BY next_attempt_on, id LIMIT $2`,
    [maxAttempts, limit],
  );
}

export async function recordBackchannelSent(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE oidc_backchannel_logouts SET sent_on = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1', [id]);
}

export async function recordBackchannelFailure(q: Queryable, id: number, error: string, retryMinutes: number): Promise<void> {
  await q.query(
    `UPDATE oidc_backchannel_logouts SET attempts = attempts + 1, last_error = $2,
       next_attempt_on = now() + make_interval(mins => $3::int) WHERE id = $1`,
    [id, error, retryMinutes],
  );
}

/** A logout whose client is gone or no longer asks for it: nothing to send. */
export async function dropBackchannelLogout(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM oidc_backchannel_logouts WHERE id = $1', [id]);
}

/** A sign-out's logout that the provider failed to send (its first attempt): the job retries it in a minute. */
export async function queueBackchannelLogout(
  q: Queryable,
  l: { clientId: string; accountId: string; sid: string | undefined; error: string },
): Promise<void> {
  await q.query(
    `INSERT INTO oidc_backchannel_logouts (client_id, account_id, sid, attempts, last_error, next_attempt_on)
     VALUES ($1, $2, $3, 1, $4, now() + interval '1 minute')`,
    [l.clientId, l.accountId, l.sid ?? null, l.error],
  );
}

/** Forgets logouts sent a week ago and those given up a month ago (the table is a work list, not a log). */
export async function pruneBackchannelLogouts(q: Queryable): Promise<number> {
  const rows = await q.query(
    `DELETE FROM oidc_backchannel_logouts WHERE sent_on < now() - interval '7 days'
        OR (sent_on IS NULL AND created_on < now() - interval '30 days') RETURNING id`,
  );
  return rows.length;
}

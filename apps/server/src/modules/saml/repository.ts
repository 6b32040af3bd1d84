import { SAML_REQUEST_BOUNDS } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { numberedAcs } from './policy';

/** An HTTP-POST Assertion Consumer Service with its metadata index; one of an application's is the default. */
export interface AcsEndpoint {
  url: string;
  binding: 'post';
  index: number;
  isDefault: boolean;
}

export interface SamlApplicationRow {
  application_id: number;
  name: string;
  entity_id: string;
  acs_urls: AcsEndpoint[];
  name_id_format: string;
  name_id_source: string;
  attribute_map: Record<string, string>;
  allow_unsigned_requests: boolean;
  sp_signing_certificate: string | null;
  default_relay_state: string | null;
}

const SELECT_APP = `
  SELECT s.application_id, a.name, s.entity_id, s.acs_urls, s.name_id_format, s.name_id_source, s.attribute_map,
         s.allow_unsigned_requests, s.sp_signing_certificate, s.default_relay_state
    FROM saml_applications s JOIN applications a ON a.id = s.application_id AND a.sso_protocol = 'saml'`;

export function findSamlApplicationByEntityId(q: Queryable, entityId: string) {
  return q.one<SamlApplicationRow>(`${SELECT_APP} WHERE s.entity_id = $1`, [entityId]);
}

export function findSamlApplication(q: Queryable, applicationId: number) {
  return q.one<SamlApplicationRow>(`${SELECT_APP} WHERE s.application_id = $1`, [applicationId]);
}

export interface SamlApplicationInput {
  applicationId: number;
  entityId: string;
  /** Numbered here: an ACS without an index gets its position, and one of them becomes the default. */
  acsUrls: Array<Omit<AcsEndpoint, 'index' | 'isDefault'> & Partial<Pick<AcsEndpoint, 'index' | 'isDefault'>>>;
  nameIdFormat: string;
  nameIdSource: string;
  attributeMap: Record<string, string>;
  allowUnsignedRequests: boolean;
  spSigningCertificate: string | null;
  defaultRelayState: string | null;
}

/** Registers (or changes) an application's SAML settings, and makes SAML its protocol (decision 0988). */
export async function upsertSamlApplication(q: Queryable, v: SamlApplicationInput): Promise<void> {
  await q.query("UPDATE applications SET sso_protocol = 'saml' WHERE id = $1", [v.applicationId]);
  await q.query(
    `INSERT INTO saml_applications (application_id, entity_id, acs_urls, name_id_format, name_id_source, attribute_map,
       allow_unsigned_requests, sp_signing_certificate, default_relay_state)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (application_id) DO UPDATE SET entity_id = EXCLUDED.entity_id, acs_urls = EXCLUDED.acs_urls,
       name_id_format = EXCLUDED.name_id_format, name_id_source = EXCLUDED.name_id_source,
       attribute_map = EXCLUDED.attribute_map, allow_unsigned_requests = EXCLUDED.allow_unsigned_requests,
       sp_signing_certificate = EXCLUDED.sp_signing_certificate, default_relay_state = EXCLUDED.default_relay_state,
       modified_on = now()`,
    [
      v.applicationId,
      v.entityId,
      JSON.stringify(numberedAcs(v.acsUrls)),
      v.nameIdFormat,
      v.nameIdSource,
      JSON.stringify(v.attributeMap),
      v.allowUnsignedRequests,
      v.spSigningCertificate,
      v.defaultRelayState,
    ],
  );
}

/** Records an AuthnRequest id; false when the SP already sent it (a replay). Ids older than a day are forgotten. */
export async function rememberRequestId(q: Queryable, entityId: string, requestId: string): Promise<boolean> {
  await q.query("DELETE FROM saml_request_ids WHERE seen_on < now() - interval '1 day'");
  const rows = await q.query(
    'INSERT INTO saml_request_ids (entity_id, request_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING request_id',
    [entityId, requestId],
  );
  return rows.length === 1;
}

export interface PendingRequest {
  application_id: number;
  request_id: string | null;
  acs_url: string;
  relay_state: string | null;
  force_authn: boolean;
}

/**
 * Keeps a sign-on while the member signs in, in one transaction: expired rows go, and a client address keeps at most
 * `pendingPerClient` rows (its oldest are forgotten), so that unauthenticated requests cannot fill the table.
 */
export async function savePendingRequest(db: Db, handle: string, clientKey: string, p: PendingRequest): Promise<void> {
  await db.tx(async (q) => {
    await q.query('DELETE FROM saml_pending_requests WHERE expires_at < now()');
    await q.query(
      `INSERT INTO saml_pending_requests (handle, application_id, request_id, acs_url, relay_state, force_authn, client_key, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval '1 hour')`,
      [handle, p.application_id, p.request_id, p.acs_url, p.relay_state, p.force_authn, clientKey],
    );
    await q.query(
      `DELETE FROM saml_pending_requests WHERE handle IN (
         SELECT handle FROM saml_pending_requests WHERE client_key = $1 ORDER BY created_on DESC, handle OFFSET $2)`,
      [clientKey, SAML_REQUEST_BOUNDS.pendingPerClient],
    );
  });
}

/** The waiting request of a handle, once: it is deleted as it is read. `created_on` is when it began to wait. */
export function takePendingRequest(q: Queryable, handle: string) {
  return q.one<PendingRequest & { created_on: Date }>(
    `DELETE FROM saml_pending_requests WHERE handle = $1 AND expires_at >= now()
     RETURNING application_id, request_id, acs_url, relay_state, force_authn, created_on`,
    [handle],
  );
}

export function accountDeactivated(q: Queryable, accountId: number) {
  return q.one<{ deactivated: boolean }>('SELECT deactivated_on IS NOT NULL AS deactivated FROM accounts WHERE id = $1', [accountId]);
}

import { type AudienceApplication, isNewApplication, NEW_APP_WINDOW_DAYS } from '@portico/shared';
import type { FastifyReply } from 'fastify';
import { escapeHtml, page, SCRIPTLESS_PAGE_CSP, sendHtml } from '../../identity/html';
import type { ApplicationRow } from './repository';

/**
 * The launcher tile of an OIDC application (issue 19 section 3): third-party initiated login, OpenID Connect Core
 * section 4. The tile opens the application's `initiate_login_uri` with `iss` (so it knows which provider to ask) and
 * `target_link_uri` (where to land afterwards: the application's own address, when it has one).
 */
export function oidcLaunchUrl(initiateLoginUri: string, issuer: string, targetLinkUri: string | null): string {
  const url = new URL(initiateLoginUri);
  url.searchParams.set('iss', issuer);
  if (targetLinkUri) url.searchParams.set('target_link_uri', targetLinkUri);
  return url.toString();
}

/**
 * Where the tile opens: an OIDC application through its initiate-login URI, when the embedded provider (`issuer`)
 * owns sign-in (decision 0989); any other application at its own URL.
 */
export function tileUrl(row: ApplicationRow, issuer: string | null): string | null {
  const url = row.url && row.url.trim() !== '' ? row.url : null;
  if (issuer && row.sso_protocol === 'oidc' && row.oidc_initiate_login_uri) return oidcLaunchUrl(row.oidc_initiate_login_uri, issuer, url);
  return url;
}

export function presentApplication(row: ApplicationRow, now: Date, issuer: string | null = null): AudienceApplication {
  const createdOn = row.created_on instanceof Date ? row.created_on : new Date(row.created_on);
  return {
    id: row.id,
    name: row.name,
    nameShort: row.name_short,
    url: tileUrl(row, issuer),
    iconUrl: row.icon_url,
    hoverText: row.hover_text,
    applicationCategory: row.application_category,
    mlsSystem: row.mls_system,
    isCore: row.is_connected,
    isNew: isNewApplication(createdOn, now),
    createdOn: createdOn.toISOString(),
    // With an external provider (`issuer` null) neither /saml/launch nor the OIDC clients exist: the tile is a link.
    protocol: issuer ? row.sso_protocol : 'link',
  };
}

const WINDOW_MS = NEW_APP_WINDOW_DAYS * 86_400_000;

/**
 * When the tiles presented from `rows` at `now` next change by time alone: the first moment a row's `isNew` turns
 * (its creation, or the end of its new window). Until then the presented tiles are the same and may be reused.
 */
export function tilesChangeAt(rows: ApplicationRow[], now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const created = (row.created_on instanceof Date ? row.created_on : new Date(row.created_on)).getTime();
    for (const at of [created, created + WINDOW_MS + 1]) if (at > now && at < next) next = at;
  }
  return next;
}

/** A clear refusal or error page of a launch (SAML or OpenID Connect): never an assertion. */
export function sendRefusal(reply: FastifyReply, status: number, title: string, message: string, portalUrl: string) {
  const html = page(
    title,
    `<main class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p class="links"><a href="${escapeHtml(portalUrl)}/">Back to the portal</a></p></main>`,
  );
  return sendHtml(reply, status, html, SCRIPTLESS_PAGE_CSP);
}

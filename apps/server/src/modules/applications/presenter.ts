import { type AudienceApplication, isNewApplication } from '@portico/shared';
import { oidcLaunchUrl } from '../oidc-apps/index';
import type { ApplicationRow } from './repository';

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

import { type AudienceApplication, isNewApplication } from '@portico/shared';
import type { ApplicationRow } from './repository';

export function presentApplication(row: ApplicationRow, now: Date): AudienceApplication {
  const createdOn = row.created_on instanceof Date ? row.created_on : new Date(row.created_on);
  return {
    id: row.id,
    name: row.name,
    nameShort: row.name_short,
    url: row.url && row.url.trim() !== '' ? row.url : null,
    iconUrl: row.icon_url,
    hoverText: row.hover_text,
    applicationCategory: row.application_category,
    mlsSystem: row.mls_system,
    isCore: row.is_connected,
    isNew: isNewApplication(createdOn, now),
    createdOn: createdOn.toISOString(),
    protocol: row.sso_protocol,
  };
}

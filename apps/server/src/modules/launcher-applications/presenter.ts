import type { LauncherApplication } from '@portico/shared';
import type { AudienceRuleRow } from '../sso/index';
import type { LauncherApplicationRow } from './repository';

export function presentLauncherApplication(row: LauncherApplicationRow, audience: AudienceRuleRow[]): LauncherApplication {
  const createdOn = row.created_on instanceof Date ? row.created_on : new Date(row.created_on);
  return {
    applicationId: row.id,
    name: row.name,
    nameShort: row.name_short,
    url: row.url,
    iconUrl: row.icon_url,
    hoverText: row.hover_text,
    applicationCategory: row.application_category,
    isConnected: row.is_connected,
    accessLevel: row.access_level,
    protocol: row.sso_protocol,
    audience: audience.map((r) => ({
      aorId: r.aor_id,
      aorShortName: r.aor_short_name,
      mainOfficeCode: r.main_office_code,
      memberType: r.member_type_value,
    })),
    hasLaunches: row.has_launches,
    createdOn: createdOn.toISOString(),
  };
}

import type { Eula, EulaAcceptance, EulaVersion } from '@portico/shared';
import type { AcceptanceRow, EulaRow, VersionRow } from './repository';

export const presentEula = (r: EulaRow): Eula => ({
  id: r.id,
  version: r.version,
  name: r.title,
  content: r.body_html,
  publishedOn: r.published_on.toISOString(),
  signature: r.accepted_on ? (r.signature ?? null) : null,
  acknowledgementTime: r.accepted_on ? r.accepted_on.toISOString() : null,
});

export const presentVersion = (r: VersionRow): EulaVersion => ({
  id: r.id,
  version: r.version,
  name: r.title,
  publishedOn: r.published_on.toISOString(),
  publishedBy: r.published_by_name,
  acceptedCount: r.accepted_count,
  isCurrent: r.is_current,
});

export const presentAcceptance = (r: AcceptanceRow): EulaAcceptance => ({
  memberId: r.member_id,
  loginId: r.login_id,
  memberName: r.display_name,
  signature: r.signature,
  acknowledgementTime: r.accepted_on.toISOString(),
});

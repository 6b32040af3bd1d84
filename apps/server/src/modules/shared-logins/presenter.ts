import {
  SHARED_LOGIN_KIND_LABELS,
  type SharedLoginFlag,
  type SharedLoginKind,
  type SharedLoginMember,
  type SharedLoginSettings,
  type SharedLoginSignIn,
} from '@portico/shared';
import type { FlagRow, MemberRow, QueueRow, SettingsRow, SignalRow } from './repository';

const iso = (d: Date) => new Date(d).toISOString();
const at = (v: unknown) => {
  const s = v as { place?: string | null; address?: string } | undefined;
  return s?.place || s?.address || 'an unknown place';
};
const n = (v: unknown) => Number(v ?? 0).toLocaleString('en-US');

/** The evidence as one sentence for staff. */
export function summaryOf(kind: SharedLoginKind, e: Record<string, unknown>): string {
  if (kind === 'impossible-travel') return `${at(e.from)} to ${at(e.to)}: ${n(e.km)} km in ${n(e.minutes)} minutes`;
  if (kind === 'many-devices') return `${n(e.devices)} devices in ${n(e.days)} days (at most ${n(e.max)} allowed)`;
  return `Signed in at ${at(e.current)} while a session at ${at(e.session)} was live, ${n(e.km)} km apart`;
}

export function presentSettings(r: SettingsRow): SharedLoginSettings {
  return {
    maxDevices: r.max_devices,
    speedKmh: r.speed_kmh,
    distanceKm: r.distance_km,
    updatedOn: r.updated_on ? iso(r.updated_on) : null,
  };
}

export function presentQueueRow(r: QueueRow): SharedLoginMember {
  return {
    accountId: r.account_id,
    loginId: r.login_id,
    name: r.name,
    association: r.association,
    kinds: r.kinds as SharedLoginKind[],
    score: r.score,
    openFlags: r.open_flags,
    firstSeenOn: iso(r.first_seen_on),
    lastSeenOn: iso(r.last_seen_on),
  };
}

export function presentFlag(r: FlagRow): SharedLoginFlag {
  const kind = r.kind as SharedLoginKind;
  return {
    id: r.id,
    kind,
    label: SHARED_LOGIN_KIND_LABELS[kind],
    score: r.score,
    summary: summaryOf(kind, r.evidence),
    evidence: r.evidence,
    state: r.state,
    firstSeenOn: iso(r.first_seen_on),
    lastSeenOn: iso(r.last_seen_on),
    dismissedReason: r.dismissed_reason,
    dismissedBy: r.dismissed_by_name,
  };
}

export function presentSignIn(r: SignalRow): SharedLoginSignIn {
  return { at: iso(r.signed_in_on), address: r.client_address, place: r.place, device: r.device };
}

export const presentMember = (r: MemberRow) => ({ accountId: r.id, loginId: r.login_id, name: r.name, association: r.association });

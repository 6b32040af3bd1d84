import {
  type FeedImportRejectedRow,
  isActiveStatus,
  RESO_ROW_SCHEMAS,
  type ResoMember,
  type ResoOffice,
  resoRowProblems,
  type UserClassMap,
  userClassOf,
} from '@portico/shared';
import { type CsvRecord, type ImportResource, requiredHeaders } from './parse';
import type { ExistingMember, ExistingOffice } from './repository';

/** A row to write: the RESO row as the feed's schema output it, the record it changes (if any) and why. */
export interface MemberWrite {
  line: number;
  row: ResoMember;
  loginId: string;
  userClass: string;
  existing: ExistingMember | null;
  changes: string[];
}

export interface OfficeWrite {
  line: number;
  row: ResoOffice;
  existing: ExistingOffice | null;
  changes: string[];
}

/** What applying a file does, row by row (the preview shows it; the apply writes it). */
export interface Plan<W> {
  create: W[];
  update: W[];
  /** Changed rows whose status turns inactive (a part of `update`). */
  deactivate: W[];
  unchanged: number;
  /** Whole-roster files: the records from the MLS missing in the file, deactivated. */
  missing: Array<{ id: number; key: string; name: string; accountId: number | null }>;
  rejected: FeedImportRejectedRow[];
}

/** The RESO row of a record: empty cells are absent; rows without a timestamp take the upload's. */
function validate<S extends 'Member' | 'Office'>(resource: S, record: CsvRecord, now: string) {
  if (record.problem !== undefined) return { reason: record.problem, row: null } as const;
  const empty = requiredHeaders(resource).filter((h) => !record.values[h]?.trim());
  if (empty.length) return { reason: `${empty.join(', ')} ${empty.length > 1 ? 'are' : 'is'} empty`, row: null } as const;
  const input = Object.fromEntries(Object.entries(record.values).filter(([, v]) => v.trim() !== ''));
  const parsed = RESO_ROW_SCHEMAS[resource].safeParse({ ModificationTimestamp: now, ...input });
  if (!parsed.success) return { reason: resoRowProblems(parsed.error), row: null } as const;
  return { reason: null, row: parsed.data as S extends 'Member' ? ResoMember : ResoOffice } as const;
}

/** The Portico fields whose value would change, named as the preview shows them. */
function differences(pairs: Record<string, [unknown, unknown]>): string[] {
  return Object.entries(pairs)
    .filter(([, [before, after]]) => (before ?? null) !== (after ?? null))
    .map(([name]) => name);
}

function memberChanges(e: ExistingMember, m: ResoMember, loginId: string, userClass: string): string[] {
  return differences({
    loginId: [e.login_id, loginId],
    firstName: [e.first_name, m.MemberFirstName],
    lastName: [e.last_name, m.MemberLastName],
    displayName: [e.display_name, m.MemberFullName ?? `${m.MemberFirstName} ${m.MemberLastName}`],
    email: [e.email, m.MemberEmail],
    userClass: [e.user_class, userClass],
    mlsId: [e.agent_code, m.MemberMlsId],
    office: [m.OfficeKey ? e.office_key : e.office_code, m.OfficeKey ?? m.OfficeMlsId],
    association: [e.aor, m.MemberAOR ?? e.aor],
    securityClass: [e.mls_security_class, m.MemberMlsSecurityClass],
    status: [e.member_status, m.MemberStatus],
    license: [e.state_license, m.MemberStateLicense],
    nrdsId: [e.nrds_id, m.MemberNationalAssociationId ?? e.nrds_id],
    phone: [e.phone, m.MemberPreferredPhone ?? m.MemberDirectPhone ?? m.MemberMobilePhone],
    key: [e.member_key, m.MemberKey],
  });
}

function officeChanges(e: ExistingOffice, o: ResoOffice): string[] {
  return differences({
    mlsId: [e.office_code, o.OfficeMlsId],
    name: [e.name, o.OfficeName],
    mainOffice: [e.main_office_code, o.MainOfficeMlsId],
    association: [e.aor, o.OfficeAOR ?? e.aor],
    status: [e.office_status_id, isActiveStatus(o.OfficeStatus ?? 'Active') ? 1 : 2],
    phone: [e.phone, o.OfficePhone],
    city: [e.city, o.OfficeCity],
    key: [e.office_key, o.OfficeKey],
  });
}

const emptyPlan = <W>(): Plan<W> => ({ create: [], update: [], deactivate: [], unchanged: 0, missing: [], rejected: [] });
const lower = (s: string) => s.toLowerCase();

/**
 * Members: matched by MemberKey, else (a member Portico has without a key: the seed, an earlier CSV) by login id, as
 * the feed adopts them. Refused: invalid rows, a key or login id the file repeats, a user class the mapping lacks, a
 * login id that belongs to another member.
 */
export function planMembers(
  records: CsvRecord[],
  existing: ExistingMember[],
  classes: UserClassMap,
  wholeRoster: boolean,
  now: string,
): Plan<MemberWrite> {
  const plan = emptyPlan<MemberWrite>();
  const byKey = new Map(existing.filter((e) => e.member_key).map((e) => [e.member_key as string, e]));
  const byLogin = new Map(existing.map((e) => [lower(e.login_id), e]));
  const seenKeys = new Map<string, number>();
  const seenLogins = new Map<string, number>();
  const matched = new Set<number>();
  for (const record of records) {
    const reject = (reason: string) => plan.rejected.push({ line: record.line, key: record.values.MemberKey?.trim() || null, reason });
    const v = validate('Member', record, now);
    if (v.row === null) {
      reject(v.reason);
      continue;
    }
    const m = v.row;
    const loginId = m.MemberLoginId ?? m.MemberMlsId;
    if (seenKeys.has(m.MemberKey)) {
      reject(`MemberKey ${m.MemberKey} is on line ${seenKeys.get(m.MemberKey)} too`);
      continue;
    }
    if (seenLogins.has(lower(loginId))) {
      reject(`Login ID ${loginId} is on line ${seenLogins.get(lower(loginId))} too`);
      continue;
    }
    const klass = userClassOf(m.MemberType, m.MemberMlsSecurityClass, classes);
    if ('unmapped' in klass) {
      reject(`No user class for ${klass.unmapped}`);
      continue;
    }
    const owner = byLogin.get(lower(loginId));
    const match = byKey.get(m.MemberKey) ?? (owner && owner.member_key === null ? owner : undefined);
    if (owner && owner.id !== match?.id) {
      reject(`Login ID ${loginId} belongs to another member`);
      continue;
    }
    seenKeys.set(m.MemberKey, record.line);
    seenLogins.set(lower(loginId), record.line);
    const write: MemberWrite = { line: record.line, row: m, loginId, userClass: klass.userClass, existing: match ?? null, changes: [] };
    if (!match) plan.create.push(write);
    else {
      matched.add(match.id);
      write.changes = memberChanges(match, m, loginId, klass.userClass);
      if (write.changes.length === 0) plan.unchanged++;
      else plan.update.push(write);
      if (match.member_status_id === 1 && !isActiveStatus(m.MemberStatus)) plan.deactivate.push(write);
    }
  }
  if (wholeRoster) {
    for (const e of existing) {
      if (e.member_key && e.member_status_id === 1 && !matched.has(e.id)) {
        plan.missing.push({ id: e.id, key: e.member_key, name: `${e.first_name} ${e.last_name}`, accountId: e.account_id });
      }
    }
  }
  return plan;
}

/** Offices: matched by OfficeKey, else (an office without a key) by MLS id, as the feed adopts them. */
export function planOffices(records: CsvRecord[], existing: ExistingOffice[], wholeRoster: boolean, now: string): Plan<OfficeWrite> {
  const plan = emptyPlan<OfficeWrite>();
  const byKey = new Map(existing.filter((e) => e.office_key).map((e) => [e.office_key as string, e]));
  const byCode = new Map(existing.map((e) => [e.office_code, e]));
  const seenKeys = new Map<string, number>();
  const seenCodes = new Map<string, number>();
  const matched = new Set<number>();
  for (const record of records) {
    const reject = (reason: string) => plan.rejected.push({ line: record.line, key: record.values.OfficeKey?.trim() || null, reason });
    const v = validate('Office', record, now);
    if (v.row === null) {
      reject(v.reason);
      continue;
    }
    const o = v.row;
    if (seenKeys.has(o.OfficeKey)) {
      reject(`OfficeKey ${o.OfficeKey} is on line ${seenKeys.get(o.OfficeKey)} too`);
      continue;
    }
    if (seenCodes.has(o.OfficeMlsId)) {
      reject(`OfficeMlsId ${o.OfficeMlsId} is on line ${seenCodes.get(o.OfficeMlsId)} too`);
      continue;
    }
    const owner = byCode.get(o.OfficeMlsId);
    const match = byKey.get(o.OfficeKey) ?? (owner && owner.office_key === null ? owner : undefined);
    if (owner && owner.id !== match?.id) {
      reject(`OfficeMlsId ${o.OfficeMlsId} belongs to another office`);
      continue;
    }
    seenKeys.set(o.OfficeKey, record.line);
    seenCodes.set(o.OfficeMlsId, record.line);
    const write: OfficeWrite = { line: record.line, row: o, existing: match ?? null, changes: [] };
    if (!match) plan.create.push(write);
    else {
      matched.add(match.id);
      write.changes = officeChanges(match, o);
      if (write.changes.length === 0) plan.unchanged++;
      else plan.update.push(write);
      if (match.office_status_id === 1 && !isActiveStatus(o.OfficeStatus ?? 'Active')) plan.deactivate.push(write);
    }
  }
  if (wholeRoster) {
    for (const e of existing) {
      if (e.office_key && e.office_status_id === 1 && !matched.has(e.id)) {
        plan.missing.push({ id: e.id, key: e.office_key, name: e.name, accountId: null });
      }
    }
  }
  return plan;
}

export type AnyPlan = { resource: 'Member'; plan: Plan<MemberWrite> } | { resource: 'Office'; plan: Plan<OfficeWrite> };
export type { ImportResource };

import type { ViewerSource } from '@portico/shared';
import type { Queryable } from '../../db/index';

export interface MemberRecord {
  id: number;
  login_id: string;
  first_name: string;
  last_name: string;
  display_name: string;
  email: string | null;
  user_class: string;
  user_level: number;
  broker_code: string | null;
  broker_branch: string | null;
  agent_code: string | null;
  office_id: number | null;
  aor_id: number | null;
  member_is_assistant_to: string | null;
  mls_security_class: string | null;
  member_status: string;
  member_status_id: number;
  originating_system_id: string | null;
  state_license: string | null;
  has_portal_access: boolean;
  is_crmls_admin: boolean;
  is_crmls_aor_admin: boolean;
  is_crmls_office_admin: boolean;
  required_password_update: boolean;
  photo_url: string | null;
  phone: string | null;
  contact_type_id: number | null;
  office_code: string | null;
  office_name: string | null;
  main_office_code: string | null;
  office_aor_short_name: string | null;
  aor_short_name: string | null;
  aor_name: string | null;
  aor_logo_url: string | null;
  aor_time_zone: string | null;
}

/** The office and association columns of a `MemberRecord`, beside the member's own. */
const PLACE_COLUMNS = `o.office_code, o.name AS office_name, o.main_office_code, oa.short_name AS office_aor_short_name,
  a.short_name AS aor_short_name, a.name AS aor_name, a.logo_url AS aor_logo_url, a.time_zone AS aor_time_zone`;

const MEMBER_JOINS = `
  FROM members m
  LEFT JOIN offices o ON o.id = m.office_id
  LEFT JOIN associations oa ON oa.id = o.aor_id
  LEFT JOIN associations a ON a.id = m.aor_id`;

const SELECT_MEMBER = `SELECT m.*, ${PLACE_COLUMNS} ${MEMBER_JOINS}`;

/** A sign-in account with its member (all member columns null when the account has no member data), in one query. */
export function findMemberByAccountId(q: Queryable, accountId: number): Promise<(MemberRecord & { account_id: number }) | null> {
  // Prepared: asked each time a signed-in member's token is first seen; on PGlite planning this join costs more than
  // reading it (decision 0001).
  return q
    .queryPrepared<MemberRecord & { account_id: number }>(
      `SELECT acc.id AS account_id, mm.* FROM accounts acc
       LEFT JOIN LATERAL (${SELECT_MEMBER} WHERE m.id = acc.member_id) mm ON true
       WHERE acc.id = $1`,
      [accountId],
    )
    .then((rows) => rows[0] ?? null);
}

/** The columns of a `MemberRecord`, in the order of its interface: the keys of the JSON form below. */
const RECORD_COLUMNS = `m.id, m.login_id, m.first_name, m.last_name, m.display_name, m.email, m.user_class, m.user_level,
  m.broker_code, m.broker_branch, m.agent_code, m.office_id, m.aor_id, m.member_is_assistant_to, m.mls_security_class,
  m.member_status, m.member_status_id, m.originating_system_id, m.state_license, m.has_portal_access, m.is_crmls_admin,
  m.is_crmls_aor_admin, m.is_crmls_office_admin, m.required_password_update, m.photo_url, m.phone, m.contact_type_id,
  ${PLACE_COLUMNS}`;

/**
 * `findMemberByAccountId` for many accounts in one query (the first calls of many new tokens: plugins/auth.ts), each
 * member as one JSON value (null for an account without member data). On PGlite, reading a row's 35 columns one by one
 * cost twice the query itself; one JSON value per row is parsed at once (issue 33). The record's columns are all
 * text, numbers and booleans, which JSON keeps as they are.
 */
export async function findMembersByAccountIds(q: Queryable, accountIds: number[]): Promise<Map<number, MemberRecord | null>> {
  const rows = await q.queryPrepared<{ account_id: number; member: MemberRecord | null }>(
    `SELECT acc.id AS account_id, to_json(mm) AS member FROM accounts acc
     LEFT JOIN LATERAL (SELECT ${RECORD_COLUMNS} ${MEMBER_JOINS} WHERE m.id = acc.member_id) mm ON true
     WHERE acc.id = ANY($1::int[])`,
    [accountIds],
  );
  return new Map(rows.map((r) => [r.account_id, r.member]));
}

export function findMemberByLoginId(q: Queryable, loginId: string): Promise<MemberRecord | null> {
  return q.one<MemberRecord>(`${SELECT_MEMBER} WHERE lower(m.login_id) = lower($1)`, [loginId]);
}

export function viewerSourceOf(m: MemberRecord): ViewerSource {
  return {
    memberId: m.id,
    loginId: m.login_id,
    userClass: m.user_class,
    officeId: m.office_id,
    officeCode: m.office_code,
    mainOfficeCode: m.main_office_code,
    aorId: m.aor_id,
    aorShortName: m.aor_short_name,
    aorTimeZone: m.aor_time_zone,
    originatingSystemId: m.originating_system_id,
    isCrmlsAdmin: m.is_crmls_admin,
    isCrmlsAorAdmin: m.is_crmls_aor_admin,
    isCrmlsOfficeAdmin: m.is_crmls_office_admin,
  };
}

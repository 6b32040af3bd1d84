import { RESO_ROW_SCHEMAS, type ResoMember, type ResoResource, type UserClassMap, userClassOf } from '@portico/shared';
import type { Queryable } from '../../db/index';
import { upsertProperties } from './listing-repository';
import { upsertMembers } from './member-writes';
import type { RowOutcome } from './upserts';
import type { NewAccount } from './welcome';

/** The user class of PORTICO_ADMIN_LOGIN's member: the seeds' MLS staff class (level 5). */
export const ADMIN_USER_CLASS = 'AS';

export type OnNewAccount = (q: Queryable, a: NewAccount) => Promise<void>;

const isAdminLogin = (member: ResoMember, adminLogin: string | undefined) =>
  !!adminLogin && (member.MemberLoginId ?? member.MemberMlsId).toLowerCase() === adminLogin.toLowerCase();

/** A member's user class: PORTICO_ADMIN_LOGIN's is MLS staff whatever the mapping; else staff's mapping, then the defaults. */
export function memberClass(member: ResoMember, classes: UserClassMap, adminLogin: string | undefined) {
  return isAdminLogin(member, adminLogin)
    ? { userClass: ADMIN_USER_CLASS }
    : userClassOf(member.MemberType, member.MemberMlsSecurityClass, classes);
}

/** What a page's batch wrote (null: nothing, the page is written row by row), and the rows it left to that way. */
export interface PageBatch {
  write(q: Queryable, onNewAccount?: OnNewAccount): Promise<Partial<Record<RowOutcome, number>> | null>;
  rest: unknown[];
}

/**
 * The rows of a page that can go in a few statements: listings, and members with a user class. The rows the schema
 * refuses and members without a class are left to the row-by-row way, which records why each was rejected.
 */
export function pageBatch(resource: ResoResource, rows: unknown[], classes: UserClassMap, adminLogin?: string): PageBatch | null {
  if (resource === 'Property') {
    const parsed = rows.map((row) => ({ row, result: RESO_ROW_SCHEMAS.Property.safeParse(row) }));
    const valid = parsed.flatMap((p) => (p.result.success ? [p.result.data] : []));
    return { write: (q) => upsertProperties(q, valid), rest: parsed.filter((p) => !p.result.success).map((p) => p.row) };
  }
  if (resource === 'Member') {
    const members: Array<{ row: ResoMember; userClass: string }> = [];
    const rest: unknown[] = [];
    for (const row of rows) {
      const parsed = RESO_ROW_SCHEMAS.Member.safeParse(row);
      const klass = parsed.success ? memberClass(parsed.data, classes, adminLogin) : null;
      if (parsed.success && klass && 'userClass' in klass) members.push({ row: parsed.data, userClass: klass.userClass });
      else rest.push(row);
    }
    return { write: (q, onNewAccount) => upsertMembers(q, members, onNewAccount), rest };
  }
  return null;
}

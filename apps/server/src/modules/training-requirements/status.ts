import {
  type CountedCompletion,
  courseMatcher,
  formatDateUs,
  REQUIREMENT_MESSAGES as M,
  memberTypeFromUserClass,
  normalCourseNumber,
  type RequirementAudience,
  type RequirementPeriod,
  type RequirementStatus,
  requirementApplies,
  requirementStatus,
  todayIn,
} from '@portico/shared';
import type { Queryable } from '../../db/index';
import { liftHoldOf, placeHold } from '../access-gate/index';
import { periodOf } from './presenter';
import {
  type CompletionFacts,
  completionFactsOf,
  listRequirements,
  type MemberFacts,
  membersByIds,
  type RequirementRow,
} from './repository';

/** The access gate's source of a requirement's hold (decision 1092). */
export const holdSource = (requirementId: number) => `requirement:${requirementId}`;

/** The day a member's access started, in the MLS's zone: their member record's creation (decision 1110). */
export const joinedOn = (m: Pick<MemberFacts, 'created_on'>, zone: string) => todayIn(zone, new Date(m.created_on));

export interface MemberStatus<C extends CompletionFacts = CompletionFacts> {
  requirement: RequirementRow;
  status: RequirementStatus;
  counted: C[];
}

/** A requirement with what the check of each member reads computed once: its audience, course matcher and rule. */
interface PreparedRequirement {
  row: RequirementRow;
  audience: RequirementAudience;
  counts: (topicIds: readonly number[], courseNumber: string | null) => boolean;
  rule: { hours: number; period: RequirementPeriod };
}

function prepare(requirements: RequirementRow[]): PreparedRequirement[] {
  return requirements.map((r) => ({
    row: r,
    audience: { memberTypes: r.member_types, associationIds: r.association_ids, newMembersFrom: r.new_members_from },
    counts: courseMatcher({ topicIds: r.topic_ids, courseNumbers: r.course_numbers }),
    rule: { hours: Number(r.hours), period: periodOf(r) },
  }));
}

function statusesWith<C extends CompletionFacts>(
  member: MemberFacts,
  prepared: PreparedRequirement[],
  completions: C[],
  zone: string,
  today: string,
): MemberStatus<C>[] {
  const joined = joinedOn(member, zone);
  const facts = { memberType: memberTypeFromUserClass(member.user_class), aorId: member.aor_id, joinedOn: joined };
  const numbers = completions.map((c) => normalCourseNumber(c.course_number));
  const out: MemberStatus<C>[] = [];
  for (const r of prepared) {
    if (!requirementApplies(r.audience, facts)) continue;
    const counted: C[] = [];
    const hours: CountedCompletion[] = [];
    completions.forEach((c, i) => {
      if (!r.counts(c.topic_ids, numbers[i] ?? null)) return;
      counted.push(c);
      hours.push({ completedOn: c.completed_on, hours: Number(c.hours) });
    });
    out.push({ requirement: r.row, status: requirementStatus(r.rule, hours, joined, today), counted });
  }
  return out;
}

/** One member's status for each requirement that applies to them (those that do not are left out). */
export function statusesOf<C extends CompletionFacts>(
  member: MemberFacts,
  requirements: RequirementRow[],
  completions: C[],
  zone: string,
  today: string,
): MemberStatus<C>[] {
  return statusesWith(member, prepare(requirements), completions, zone, today);
}

/** Statuses of many members at once: one read of their completions' facts, each requirement prepared once. */
export async function statusesOfMembers(
  q: Queryable,
  members: MemberFacts[],
  requirements: RequirementRow[],
  zone: string,
  now: Date,
): Promise<Map<number, MemberStatus[]>> {
  const today = todayIn(zone, now);
  const byMember = new Map<number, CompletionFacts[]>();
  if (members.length > 0)
    for (const c of await completionFactsOf(
      q,
      members.map((m) => m.id),
    )) {
      const list = byMember.get(c.member_id);
      if (list) list.push(c);
      else byMember.set(c.member_id, [c]);
    }
  const prepared = prepare(requirements);
  return new Map(members.map((m) => [m.id, statusesWith(m, prepared, byMember.get(m.id) ?? [], zone, today)]));
}

export const isEnforced = (r: RequirementRow) => r.enforce_listing_entry || r.enforce_applications !== 'none';

/**
 * Brings a member's training holds in line with their status, in the caller's transaction: an overdue enforced
 * requirement places its hold (once: the gate's unique index decides), a met one, or one that no longer applies, lifts
 * it at once. Answers how many holds it placed and lifted.
 */
export async function syncHolds(
  q: Queryable,
  member: MemberFacts,
  statuses: MemberStatus[],
  enforced: RequirementRow[],
  by: number | null,
): Promise<{ placed: number; lifted: number }> {
  let placed = 0;
  let lifted = 0;
  for (const r of enforced) {
    const s = statuses.find((x) => x.requirement.id === r.id)?.status;
    if (s?.state === 'overdue') {
      const hold = {
        memberId: member.id,
        kind: 'training' as const,
        source: holdSource(r.id),
        reason: M.holdReason(r.name, formatDateUs(s.deadline)),
        by: null,
        closesListingEntry: r.enforce_listing_entry,
        applicationIds: r.enforce_applications === 'all' ? null : r.enforce_applications === 'chosen' ? r.enforce_application_ids : [],
      };
      if (await placeHold(q, hold)) placed += 1;
    } else if (await liftHoldOf(q, { memberId: member.id, kind: 'training', source: holdSource(r.id) }, M.liftReason(r.name), by)) {
      lifted += 1;
    }
  }
  return { placed, lifted };
}

/** Recomputes some members' holds now (a completion recorded), in the caller's transaction. */
export async function syncMembers(q: Queryable, memberIds: number[], zone: string, by: number | null, now = new Date()): Promise<void> {
  const enforced = (await listRequirements(q)).filter(isEnforced);
  if (enforced.length === 0 || memberIds.length === 0) return;
  const members = await membersByIds(q, memberIds);
  const statuses = await statusesOfMembers(q, members, enforced, zone, now);
  for (const m of members) await syncHolds(q, m, statuses.get(m.id) ?? [], enforced, by);
}

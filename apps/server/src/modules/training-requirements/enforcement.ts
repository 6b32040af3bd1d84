import { formatDateUs, REQUIREMENT_MESSAGES as M, reminderStepOf } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import type { Mailer } from '../../lib/mailer';
import type { JobDefinition } from '../../plugins/jobs';
import { heldSourcesOf } from '../access-gate/index';
import { createNotifications } from '../notifications/index';
import { insertReminder, membersPage, type Recipient, remindersSent } from './reminder-repository';
import { listRequirements, type RequirementRow, requiredTrainingCampaignType } from './repository';
import { isEnforced, type MemberStatus, statusesOfMembers, syncHolds } from './status';

export const REQUIREMENTS_JOB = 'training-requirements-watch';
const PAGE = 2_000;

export interface RequirementsWatchOutcome {
  examined: number;
  placed: number;
  lifted: number;
  reminded: number;
}

/** Sends a member's reminder of this step once: the reminder row's primary key decides, whichever instance runs. */
async function remind(q: Queryable, mailer: Mailer | null, m: Recipient, s: MemberStatus, now: Date): Promise<boolean> {
  const step = reminderStepOf(s.status);
  if (!step) return false;
  const sent = await insertReminder(q, m.id, s.requirement.id, s.status.deadline, step);
  if (!sent) return false;
  const type = await requiredTrainingCampaignType(q);
  const subject = M.reminderSubject(s.requirement.name, step);
  const body = M.reminderBody(s.requirement.name, formatDateUs(s.status.deadline), s.status.hoursLeft);
  await createNotifications(q, [
    { memberId: m.id, campaignTypeId: type?.id ?? 1, subject, body, priority: 1, isRead: false, createdOn: now },
  ]);
  if (mailer && m.email) await mailer.queue(q, { to: m.email, subject, text: body });
  return true;
}

/**
 * One run of the watch (issue 31 sections 3 and 4, decision 1110), as at `now`: every member's status per requirement;
 * reminders at 90, 30 and 7 days and once missed, and the holds of enforced requirements placed for the overdue and
 * lifted for the rest. Each member's changes are one transaction; safe on several instances at once (unique rows).
 */
export async function runRequirementsWatch(db: Db, mailer: Mailer | null, zone: string, now = new Date(), only?: RequirementRow[]) {
  const outcome: RequirementsWatchOutcome = { examined: 0, placed: 0, lifted: 0, reminded: 0 };
  const requirements = only ?? (await listRequirements(db));
  if (requirements.length === 0) return outcome;
  const enforced = requirements.filter(isEnforced);
  for (let after = 0; ; ) {
    const members = await membersPage(db, after, PAGE);
    if (members.length === 0) break;
    const statuses = await statusesOfMembers(db, members, requirements, zone, now);
    const sent = mailer
      ? await remindersSent(
          db,
          members.map((m) => m.id),
        )
      : new Set<string>();
    const held = enforced.length
      ? await heldSourcesOf(
          db,
          members.map((m) => m.id),
          'training',
        )
      : new Map<number, string[]>();
    for (const m of members) {
      const list = statuses.get(m.id) ?? [];
      // Only a step not sent yet opens a transaction: near a cycle's end most members are in a window already reminded.
      const due = mailer
        ? list.filter((s) => {
            const step = reminderStepOf(s.status);
            return step !== null && !sent.has(`${m.id}:${s.requirement.id}:${s.status.deadline}:${step}`);
          })
        : [];
      // Holds change only for a member overdue on an enforced requirement, or one who holds a training hold now.
      const overdueEnforced =
        held.has(m.id) || list.some((s) => s.status.state === 'overdue' && enforced.some((r) => r.id === s.requirement.id));
      if (due.length === 0 && !overdueEnforced) continue;
      await db.tx(async (q) => {
        if (mailer) for (const s of due) if (await remind(q, mailer, m, s, now)) outcome.reminded += 1;
        if (overdueEnforced) {
          const r = await syncHolds(q, m, list, enforced, null);
          outcome.placed += r.placed;
          outcome.lifted += r.lifted;
        }
      });
    }
    outcome.examined += members.length;
    after = members[members.length - 1].id;
  }
  return outcome;
}

/** Places and lifts one requirement's holds now (it was added or changed): no reminders. */
export async function enforceRequirement(db: Db, row: RequirementRow, zone: string): Promise<void> {
  if (isEnforced(row)) await runRequirementsWatch(db, null, zone, new Date(), [row]);
}

/** The watch on the job queue: every hour at minute 20, and once when an instance starts. */
export function requirementsWatchJob(mailer: Mailer, zone: string): JobDefinition {
  return { name: REQUIREMENTS_JOB, cron: '20 * * * *', runOnStart: true, run: (db) => runRequirementsWatch(db, mailer, zone) };
}

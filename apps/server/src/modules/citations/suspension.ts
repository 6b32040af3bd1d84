import { type CitationJobOutcome, CITATION_MESSAGES as M } from '@portico/shared';
import type { Db } from '../../db/index';
import type { Mailer } from '../../lib/mailer';
import type { JobDefinition } from '../../plugins/jobs';
import { createNotifications } from '../notifications/index';
import { type CitationRow, campaignTypeId, findCitation, insertHistory, lockCitation, moveCitation } from './repository';
import { suspendFor } from './service';
import { memberEmailOf, overdueCitations, suspendDays } from './suspension-repository';

export const CITATION_SUSPENSION_JOB = 'citation-suspensions';

const suspendedText = (row: CitationRow, days: number) =>
  `${M.holdReason(row.id, row.rule_number)} by ${days} days, so your MLS access is suspended: MLS applications and new registered listings are closed. Pay or correct the citation (My citations shows what is due); access opens again as soon as it is cleared.`;

/**
 * One run of the suspension job (issue 30 section 4, decision 1100), as at `now`: each open citation (issued or upheld,
 * never suspended) whose deadline passed `citation_suspend_days` ago moves to suspended, with its history row and the
 * member's hold, in one transaction per citation. The citation's row is locked and its state read again inside, so a
 * run on another instance, or staff acting at the same moment, suspends it once. `only` limits it (the demo's trigger).
 */
export async function runCitationSuspensions(
  db: Db,
  mailer: Mailer,
  now: Date = new Date(),
  only: number[] | null = null,
): Promise<CitationJobOutcome> {
  const days = await suspendDays(db);
  const due = await overdueCitations(db, now, days, only);
  const outcome: CitationJobOutcome = { examined: due.length, suspended: 0 };
  for (const { id } of due) {
    const done = await db.tx(async (q) => {
      await lockCitation(q, id);
      const row = (await findCitation(q, id)) as CitationRow;
      if (!['issued', 'upheld'].includes(row.state) || row.suspended_on) return false;
      await moveCitation(q, id, row.version, ['issued', 'upheld'], 'suspended', { suspendedAt: now });
      await insertHistory(q, {
        citationId: id,
        by: null,
        what: 'suspended-by-job',
        from: row.state,
        to: 'suspended',
        note: M.holdReason(id, row.rule_number),
        at: now,
      });
      await suspendFor(q, row, null);
      const text = suspendedText(row, days);
      await createNotifications(q, [
        {
          memberId: row.member_id,
          campaignTypeId: await campaignTypeId(q),
          subject: M.suspendedSubject(id),
          body: text,
          priority: 1,
          isRead: false,
          createdOn: now,
        },
      ]);
      const email = await memberEmailOf(q, row.member_id);
      if (email?.email) await mailer.queue(q, { to: email.email, subject: M.suspendedSubject(id), text });
      return true;
    });
    if (done) outcome.suspended += 1;
  }
  return outcome;
}

/** The job on the queue: hourly (pg-boss keeps one run per slot across instances), and once when an instance starts. */
export function citationSuspensionJob(mailer: Mailer): JobDefinition {
  return { name: CITATION_SUSPENSION_JOB, cron: '7 * * * *', runOnStart: true, run: (db) => runCitationSuspensions(db, mailer) };
}

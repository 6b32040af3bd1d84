import {
  clearCoopDeadline,
  disclosureDeadline,
  dueWithinFrom,
  type ExemptionKind,
  exemptionKindIssue,
  REGISTERED_MESSAGES as M,
  mlsDueDate,
  type RegisteredListingInput,
} from '@portico/shared';
import type { Queryable } from '../../db/index';
import { badRequest } from '../../lib/errors';
import { loadBusinessCalendar, readExemptionRules, readMarketingGraceDays } from '../compliance/index';
import { setExemptionFacts } from './disclosure-repository';

/**
 * A kind the MLS does not accept is refused on its field (decision 1050): at registration, and on an update that
 * changes it. A listing keeps the kind it was registered under when the policy changes later.
 */
export async function assertExemptionAccepted(q: Queryable, kind: string, previous: string | null = null): Promise<void> {
  if (previous !== null && kind === previous) return;
  const issue = exemptionKindIssue(kind, (await readExemptionRules(q)).exemptionKinds);
  if (issue) throw badRequest(M.submitFailed, [{ field: 'exemptionKind', message: issue }]);
}

/**
 * Counts and stores what the listing's exemption means on the MLS's calendar, in the write's transaction: for delayed
 * marketing the day it must be in the MLS by, and at registration the seller disclosure's deadline. Stored, not
 * recounted on each read: the deadline a member was shown does not move when staff change the policy later.
 */
export async function recordExemption(
  q: Queryable,
  id: number,
  v: RegisteredListingInput,
  options: { zone: string; now: Date; isRegistration: boolean },
): Promise<void> {
  const [rules, grace, { calendar }] = await Promise.all([
    readExemptionRules(q),
    readMarketingGraceDays(q),
    loadBusinessCalendar(q, options.zone, options.now),
  ]);
  const kind = v.exemptionKind as ExemptionKind;
  const mlsDue = mlsDueDate(calendar, kind, v.listingContractDate, rules.delayedMarketingDays);
  // The Clear Cooperation deadline (decision 1080), counted now so that the list shows it before the watch's next run.
  const deadline = clearCoopDeadline(
    calendar,
    { exemptionKind: kind, startMarketingDate: v.startShowingDate ?? null, mlsDueOn: mlsDue?.date ?? null },
    grace,
  );
  await setExemptionFacts(q, id, {
    kind,
    mlsDueOn: mlsDue?.date ?? null,
    deadline: deadline && { on: deadline.date, at: deadline.endsAt, dueSoonAt: dueWithinFrom(calendar, deadline, 1) },
    disclosureDueAt: options.isRegistration ? disclosureDeadline(calendar, options.now, rules.disclosureDeadlineDays).endsAt : undefined,
  });
}

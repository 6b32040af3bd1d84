import { type MyRequirement, type RequirementsReport, todayIn, type Viewer } from '@portico/shared';
import type { Db } from '../../db/index';
import type { KeptJson } from '../../lib/kept-json';
import { VersionedCache } from '../../lib/read-versions';
import { myRequirements, requirementsReport } from './service';

type KeptReport = KeptJson & { report: RequirementsReport };

/** What a report's answer depends on of its reader: their reach (level, association, office and its family). */
const readerKey = (v: Viewer) => `${v.level}|${v.aorId}|${v.officeId}|${v.officeCode}|${v.isMainOffice}`;

/**
 * My requirements and the requirements report, kept at the database's compliance version and the MLS's day
 * (decision 1177): a completion, a requirement, a class or a member's office recorded anywhere is in the next answer
 * of every instance. The classes that count are cut at the call's own time: one that has started is never offered.
 */
export function requirementReads(db: Db, zone: string) {
  const mine = new VersionedCache<MyRequirement[]>(db, 'compliance', { max: 20_000 });
  // A report of the MLS holds up to 1,000 members: the entries are bounded by members held, not by count alone.
  const reports = new VersionedCache<KeptReport>(db, 'compliance', {
    max: 2_000,
    maxWeight: 200_000,
    weigh: (kept) => kept.report.members.length + 1,
  });
  return {
    async mine(viewer: Viewer, now = new Date()): Promise<MyRequirement[]> {
      const key = `${viewer.memberId}|${viewer.aorId}|${todayIn(zone, now)}`;
      const list = await mine.get(key, () => myRequirements(db, viewer, zone, now));
      const at = now.toISOString();
      return list.map((r) => (r.classes.every((c) => c.startTime > at) ? r : { ...r, classes: r.classes.filter((c) => c.startTime > at) }));
    },
    /** The report, with its JSON once it has been sent (lib/kept-json.ts). */
    report(viewer: Viewer, query: { officeId?: number; overdue?: 'true' | 'false' }, now = new Date()): Promise<KeptReport> {
      const key = `${readerKey(viewer)}|${query.officeId ?? ''}|${query.overdue ?? ''}|${todayIn(zone, now)}`;
      return reports.get(key, async () => ({ report: await requirementsReport(db, viewer, query, zone, now) }));
    },
  };
}

import { type MyRequirement, type RequirementsReport, todayIn, type Viewer } from '@portico/shared';
import type { Db } from '../../db/index';
import type { KeptJson } from '../../lib/kept-json';
import { VersionedCache } from '../../lib/read-versions';
import { myRequirements, requirementsReport } from './service';

type KeptReport = KeptJson & { report: RequirementsReport };
type KeptMine = KeptJson & { requirements: MyRequirement[] };

/** What a report's answer depends on of its reader: their reach (level, association, office and its family). */
const readerKey = (v: Viewer) => `${v.level}|${v.aorId}|${v.officeId}|${v.officeCode}|${v.isMainOffice}`;

/**
 * My requirements and the requirements report, kept at the database's compliance version and the MLS's day
 * (decision 1177): a completion, a requirement, a class or a member's office recorded anywhere is in the next answer
 * of every instance. The classes that count are cut at the call's own time: one that has started is never offered.
 */
export function requirementReads(db: Db, zone: string) {
  const mine = new VersionedCache<KeptMine>(db, 'compliance', { max: 20_000 });
  // A report of the MLS holds up to 1,000 members: the entries are bounded by members held, not by count alone.
  const reports = new VersionedCache<KeptReport>(db, 'compliance', {
    max: 2_000,
    maxWeight: 200_000,
    weigh: (kept) => kept.report.members.length + 1,
  });
  return {
    /**
     * My requirements at the call's time, and the kept answer (its JSON reusable, lib/kept-json.ts) when no class in
     * it has started since it was read; null when one was cut.
     */
    async mine(viewer: Viewer, now = new Date()): Promise<{ requirements: MyRequirement[]; kept: KeptMine | null }> {
      const key = `${viewer.memberId}|${viewer.aorId}|${todayIn(zone, now)}`;
      const kept = await mine.get(key, async () => ({ requirements: await myRequirements(db, viewer, zone, now) }));
      const at = now.toISOString();
      if (kept.requirements.every((r) => r.classes.every((c) => c.startTime > at))) return { requirements: kept.requirements, kept };
      const requirements = kept.requirements.map((r) => ({ ...r, classes: r.classes.filter((c) => c.startTime > at) }));
      return { requirements, kept: null };
    },
    /** The report, with its JSON once it has been sent (lib/kept-json.ts). */
    report(viewer: Viewer, query: { officeId?: number; overdue?: 'true' | 'false' }, now = new Date()): Promise<KeptReport> {
      const key = `${readerKey(viewer)}|${query.officeId ?? ''}|${query.overdue ?? ''}|${todayIn(zone, now)}`;
      return reports.get(key, async () => ({ report: await requirementsReport(db, viewer, query, zone, now) }));
    },
  };
}

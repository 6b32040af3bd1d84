import {
  type ApplicationUsage,
  type applicationUsageQuerySchema,
  isUsageSpanAllowed,
  APPLICATION_USAGE_MESSAGES as M,
  periodStartOf,
  periodStarts,
  todayIn,
  usageRange,
  type Viewer,
} from '@portico/shared';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { audienceOf, findAudienceApplications } from '../applications/index';
import { scopeAorId, usageScope } from './policy';
import { presentUsage } from './presenter';
import {
  applicationExists,
  committedLaunchBound,
  countNeverLaunched,
  findNeverLaunched,
  findUsage,
  foldedThrough,
  foldRange,
  insertTileLaunch,
  lockFoldState,
} from './repository';

type UsageQuery = z.output<typeof applicationUsageQuerySchema>;

/** The figures of a request, for the viewer's scope; `timeZone` is the MLS's, in which the periods are cut. */
export async function applicationUsage(
  db: Db,
  viewer: Viewer,
  query: UsageQuery,
  timeZone: string,
  now = new Date(),
): Promise<ApplicationUsage> {
  const scope = usageScope(viewer);
  const { from, to } = usageRange(query.period, todayIn(timeZone, now), query.from, query.to);
  if (from > to) throw badRequest(M.fromAfterTo, [{ field: 'from', message: M.fromAfterTo }]);
  if (!isUsageSpanAllowed(from, to, query.period)) {
    throw badRequest(M.tooLong(query.period), [{ field: 'from', message: M.tooLong(query.period) }]);
  }
  const aorId = scopeAorId(scope);
  const [rows, never, neverTotal] = await db.tx(async (q) => {
    const folded = await foldedThrough(q);
    const filter = {
      timeZone,
      period: query.period,
      from: periodStartOf(from, query.period),
      to: periodStartOf(to, query.period),
      aorId,
      applicationId: query.applicationId ?? null,
    };
    return [
      await findUsage(q, filter, folded),
      await findNeverLaunched(q, aorId, query.pageSize, (query.pageId - 1) * query.pageSize, folded),
      await countNeverLaunched(q, aorId, folded),
    ] as const;
  });
  return presentUsage({
    period: query.period,
    from,
    to,
    applicationId: query.applicationId ?? null,
    scope: scope.kind,
    periods: periodStarts(from, to, query.period),
    rows,
    never,
    neverTotal,
    pageId: query.pageId,
    pageSize: query.pageSize,
  });
}

/**
 * A tile's launch (link, SAML or OIDC), sent by the dashboard as the new tab opens: recorded when the member may use
 * the application (the launcher's audience rules, as GET api/app/AudienceApplications/ answers them). It is the one
 * count of that launch (decision 1010).
 */
export async function recordTileLaunch(db: Db, viewer: Viewer, applicationId: number): Promise<{ recorded: boolean }> {
  const apps = await findAudienceApplications(db, audienceOf(viewer));
  const application = apps.find((a) => a.id === applicationId);
  if (!application) {
    if (!(await applicationExists(db, applicationId))) throw notFound('The application');
    throw forbidden('You cannot use this application.');
  }
  return { recorded: await insertTileLaunch(db, viewer.memberId, application) };
}

/** Launch ids folded per transaction: a batch of the fold holds its lock for a second or two at most. */
const FOLD_BATCH = 200_000;

/**
 * Folds the launches recorded since the last fold into the rollup, in batches, until it has caught up (or has
 * folded `maxBatches` batches); answers how many launch ids it went past. Any instance may run it: the state row's
 * lock takes turns.
 */
export async function foldLaunches(db: Db, timeZone: string, maxBatches = 50, batch = FOLD_BATCH): Promise<number> {
  const bound = await committedLaunchBound(db);
  let folded = 0;
  for (let i = 0; i < maxBatches; i++) {
    const step = await db.tx(async (q) => {
      const after = await lockFoldState(q, timeZone);
      if (after >= bound) return 0;
      const through = Math.min(bound, after + batch);
      await foldRange(q, timeZone, after, through);
      return through - after;
    });
    if (step === 0) break;
    folded += step;
  }
  return folded;
}

import { REPORT_MEMBER_SEARCH_LIMITS as LIMITS, REPORT_MESSAGES } from '@portico/shared';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../../db/index';
import { AppError } from '../../lib/errors';

/**
 * The report page's member search and lookup, counted per member in PostgreSQL (decision 0930): a minute window and a
 * day window, each starting at the member's first call in it, so every instance counts the same calls. Kept small
 * and local to these routes: a general rate limiter can take its place without changing the routes' answers.
 */
export async function countMemberSearch(q: Queryable, memberId: number, reply: FastifyReply): Promise<void> {
  const row = await q.one<{ minute_hits: number; day_hits: number; retry_after: number }>(
    `INSERT INTO report_member_search_limits AS t (member_id, minute_start, minute_hits, day_start, day_hits)
     VALUES ($1, now(), 1, now(), 1)
     ON CONFLICT (member_id) DO UPDATE SET
       minute_hits = CASE WHEN now() < t.minute_start + interval '1 minute' THEN t.minute_hits + 1 ELSE 1 END,
       minute_start = CASE WHEN now() < t.minute_start + interval '1 minute' THEN t.minute_start ELSE now() END,
       day_hits = CASE WHEN now() < t.day_start + interval '1 day' THEN t.day_hits + 1 ELSE 1 END,
       day_start = CASE WHEN now() < t.day_start + interval '1 day' THEN t.day_start ELSE now() END
     RETURNING minute_hits, day_hits,
       ceil(extract(epoch FROM (CASE WHEN day_hits > $2 THEN day_start + interval '1 day' ELSE minute_start + interval '1 minute' END)
         - now()))::int AS retry_after`,
    [memberId, LIMITS.perDay],
  );
  if (row && (row.minute_hits > LIMITS.perMinute || row.day_hits > LIMITS.perDay)) {
    reply.header('retry-after', String(Math.max(1, row.retry_after)));
    throw new AppError('RATE_LIMITED', REPORT_MESSAGES.memberSearchLimited);
  }
}

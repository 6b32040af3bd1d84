import { REPORT_MEMBER_SEARCH_LIMITS as LIMITS, REPORT_MESSAGES } from '@portico/shared';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../../db/index';
import { AppError } from '../../lib/errors';
import { countMemberSearchHit } from './repository';

/**
 * The report page's member search and lookup, counted per member in PostgreSQL (decision 0930): a minute window and a
 * day window, each starting at the member's first call in it, so every instance counts the same calls. Kept small
 * and local to these routes: a general rate limiter can take its place without changing the routes' answers.
 */
export async function countMemberSearch(q: Queryable, memberId: number, reply: FastifyReply): Promise<void> {
  const row = await countMemberSearchHit(q, memberId, LIMITS.perDay);
  if (row && (row.minute_hits > LIMITS.perMinute || row.day_hits > LIMITS.perDay)) {
    reply.header('retry-after', String(Math.max(1, row.retry_after)));
    throw new AppError('RATE_LIMITED', REPORT_MESSAGES.memberSearchLimited);
  }
}

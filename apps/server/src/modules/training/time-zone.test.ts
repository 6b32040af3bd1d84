import { TRAINING_MESSAGES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { buildListing } from '../../../test/registered-factories';
import { createTrainingFactories } from '../../../test/training-factories';

/**
 * Decision 0969: the server runs in UTC here while the MLS is in Los Angeles (the default MLS_TIME_ZONE) and one
 * association is in Chicago. Tuesday 8 Jan 2030, 16:29 UTC is 08:29 in Los Angeles and 10:29 in Chicago.
 */
const AT_0829_LA = new Date('2030-01-08T16:29:00Z');
/** 21:00 on Tuesday 8 Jan in Los Angeles, already Wednesday 9 Jan in UTC. */
const LA_EVENING = new Date('2030-01-09T05:00:00Z');

describe('dates and times in the MLS time zone, not the server one', () => {
  let ctx: TestContext;
  let savedTz: string | undefined;
  beforeAll(async () => {
    savedTz = process.env.TZ;
    process.env.TZ = 'UTC';
    ctx = await createTestContext();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await ctx.close();
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  async function memberIn(timeZone: string | null) {
    const aor = await ctx.factories.buildAssociation();
    if (timeZone) await ctx.db.query('UPDATE associations SET time_zone = $1 WHERE id = $2', [timeZone, aor.id]);
    const office = await ctx.factories.buildOffice({ aorId: aor.id });
    const member = await ctx.factories.buildMember({ type: 'Agent', office });
    return { ...member, headers: await ctx.as(member.accountId) };
  }

  it("tells the browser the member's zone: the association's own, else the MLS's", async () => {
    for (const [zone, expected] of [
      [null, 'America/Los_Angeles'],
      ['America/Chicago', 'America/Chicago'],
    ] as const) {
      const me = await memberIn(zone);
      const res = await ctx.app.inject({ url: '/api/app/Members/AuthMemberDto', headers: me.headers });
      expect(res.json().results[0].timeZone).toBe(expected);
    }
  });

  it("accepts 08:30 at 08:29 in Los Angeles and refuses it at 10:29 in Chicago's association", async () => {
    const topic = await createTrainingFactories(ctx.db).buildTopic();
    const la = await memberIn(null);
    type Member = typeof la;
    const request = async (who: Member, dateTime: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/app/classRequest',
        headers: await ctx.as(who.accountId),
        payload: { requestedBy: who.memberId, trainingTopicId: topic.id, comments: 'Please', dateTime },
      });
    vi.useFakeTimers({ toFake: ['Date'], now: AT_0829_LA });
    try {
      const laAt0830 = await request(la, '2030-01-08T08:30:00');
      expect(laAt0830.json().errors ?? []).toEqual([]);
      expect(laAt0830.statusCode).toBe(200);
      expect(laAt0830.json().results[0].dateTime).toMatch(/^2030-01-08T08:30/);
    } finally {
      vi.useRealTimers();
    }
    const chicago = await memberIn('America/Chicago');
    vi.useFakeTimers({ toFake: ['Date'], now: AT_0829_LA });
    try {
      const chicagoAt0830 = await request(chicago, '2030-01-08T08:30:00');
      expect(chicagoAt0830.statusCode).toBe(400);
      expect(chicagoAt0830.json().errors).toEqual([{ field: 'dateTime', message: TRAINING_MESSAGES.dateOutOfRange }]);
      expect((await request(chicago, '2030-01-08T10:30:00')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads 'prior to today' on the MLS's day when UTC has already turned", async () => {
    const la = await memberIn(null);
    const { id } = await buildListing(ctx.db, la, { expirationDate: '2030-06-01' });
    vi.useFakeTimers({ toFake: ['Date'], now: LA_EVENING });
    try {
      const cancel = async (cancellationDate: string) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/app/Registration/status/${id}`,
          headers: await ctx.as(la.accountId),
          payload: { standardStatus: 'C', cancellationDate },
        });
      const tomorrowInLa = await cancel('2030-01-09');
      expect(tomorrowInLa.statusCode).toBe(400);
      expect(tomorrowInLa.json().errors).toEqual([{ field: 'cancellationDate', message: 'Cancellation must be prior to 01-08-2030' }]);
      const todayInLa = await cancel('2030-01-08');
      expect(todayInLa.statusCode).toBe(200);
      expect(todayInLa.json().results[0]).toMatchObject({ cancellationDate: '2030-01-08', registeredStatus: 'Cancelled' });
    } finally {
      vi.useRealTimers();
    }
  });
});

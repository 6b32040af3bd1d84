import { addDays, DEFAULT_MLS_TIME_ZONE, earliestRequestDate, isWeekendDay, TRAINING_MESSAGES } from '@portico/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createTrainingFactories } from '../../../test/training-factories';

describe('training API', () => {
  let ctx: TestContext;
  let training: ReturnType<typeof createTrainingFactories>;

  beforeAll(async () => {
    ctx = await createTestContext();
    training = createTrainingFactories(ctx.db);
  });
  afterAll(() => ctx.close());

  async function memberIn(aorId?: number) {
    const office = aorId ? await ctx.factories.buildOffice({ aorId }) : undefined;
    const member = await ctx.factories.buildMember(office ? { office } : {});
    return { ...member, headers: await ctx.as(member.accountId) };
  }

  it('lists public classes and the association classes of the member only, with seats available', async () => {
    const aor = await ctx.factories.buildAssociation();
    const other = await ctx.factories.buildAssociation();
    const me = await memberIn(aor.id);
    const pub = await training.buildClass({ startsInHours: 5000, capacity: 3 });
    const mine = await training.buildClass({ startsInHours: 5001, isPublic: false, aorId: aor.id });
    const theirs = await training.buildClass({ startsInHours: 5002, isPublic: false, aorId: other.id });

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/trainingclass/Q',
      headers: me.headers,
      payload: {
        pageId: 1,
        pageSize: 100,
        criteria: [{ field: 'startTime', op: 'GreaterThan', values: [new Date(Date.now() + 4999 * 3_600_000).toISOString()] }],
        orderBy: [{ field: 'startTime', direction: 'desc' }],
      },
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json().results.map((c: { id: number }) => c.id);
    expect(ids).toEqual([mine.id, pub.id]);
    expect(ids).not.toContain(theirs.id);
    const first = res.json().results[1];
    expect(first).toMatchObject({ capacity: 3, seatsAvailable: 3, presentationType: 'In Person', instructor: { name: 'Dana Whitfield' } });
    expect(first.trainingTopics[0].trainingTopic.name).toBe(pub.topic.name);

    // An unknown field is a 400 with field errors, not a 500.
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/TrainingClass/q',
      headers: me.headers,
      payload: { criteria: [{ field: 'secret', values: [1] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('criteria.0.field');

    // The detail of another association's class is 404; its own, geocoded.
    expect(
      (await ctx.app.inject({ url: `/api/app/trainingClass/${theirs.id}/expanded?trainingClassId=${theirs.id}`, headers: me.headers }))
        .statusCode,
    ).toBe(404);
    const detail = await ctx.app.inject({
      url: `/api/app/TrainingClass/${mine.id}/Expanded?trainingClassId=${mine.id}`,
      headers: me.headers,
    });
    expect(detail.statusCode).toBe(200);
    const location = detail.json().results[0].location;
    expect(location.address).toBe('1 Nowhere Lane, Irvine, CA 92618');
    expect(location.latitude).toBeCloseTo(33.6, 0);
    expect(location.longitude).toBeCloseTo(-117.7, 0);
    expect(
      (await ctx.app.inject({ url: `/api/app/trainingClass/${mine.id}/expanded?trainingClassId=999`, headers: me.headers })).statusCode,
    ).toBe(400);
    expect((await ctx.app.inject({ url: `/api/app/trainingClass/${mine.id}/expanded` })).statusCode).toBe(401);
  });

  it('answers no coordinates for an address the gazetteer cannot place, and none for a virtual class', async () => {
    const me = await memberIn();
    const nowhere = await training.buildClass({ address: 'Community Hall, Main Street' });
    const virtual = await training.buildClass({ virtual: true });
    const placeless = await ctx.app.inject({
      url: `/api/app/trainingClass/${nowhere.id}/expanded?trainingClassId=${nowhere.id}`,
      headers: me.headers,
    });
    expect(placeless.json().results[0].location).toEqual({
      name: 'Training Room',
      address: 'Community Hall, Main Street',
      latitude: null,
      longitude: null,
    });
    const online = await ctx.app.inject({
      url: `/api/app/trainingClass/${virtual.id}/expanded?trainingClassId=${virtual.id}`,
      headers: me.headers,
    });
    expect(online.json().results[0]).toMatchObject({ presentationType: 'Virtual', location: null });
  });

  it('lists subjects and topics', async () => {
    const me = await memberIn();
    const topic = await training.buildTopic('Zoning for Agents');
    const topics = (await ctx.app.inject({ url: '/api/app/TrainingTopic/GetAllTrainingTopics', headers: me.headers })).json().results;
    expect(topics.find((t: { id: number }) => t.id === topic.id)).toMatchObject({
      name: 'Zoning for Agents',
      trainingSubjectId: topic.subjectId,
    });
    const subjects = (await ctx.app.inject({ url: '/api/app/subjects', headers: me.headers })).json().results;
    expect(subjects.map((s: { id: number }) => s.id)).toContain(topic.subjectId);
  });

  it('registers and unregisters only the member themselves, refuses a full class and lists the registrations', async () => {
    const me = await memberIn();
    const other = await memberIn();
    const cls = await training.buildClass({ capacity: 1 });
    const register = (headers: Record<string, string>, memberId: number, trainingClassId = cls.id) =>
      ctx.app.inject({ method: 'POST', url: '/api/app/attendee/register', headers, payload: { memberId, trainingClassId } });

    const forOther = await register(me.headers, other.memberId);
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe(TRAINING_MESSAGES.onlyForYourself);
    expect((await register(me.headers, me.memberId, 987654)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/app/attendee/register', headers: me.headers, payload: { memberId: 'x' } }))
        .statusCode,
    ).toBe(400);

    const ok = await register(me.headers, me.memberId);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('You have successfully registered.');
    const attendee = ok.json().results[0];
    expect(attendee).toMatchObject({ memberID: me.memberId, trainingClassId: cls.id, wasPresent: false, unRegisteredOn: null });
    expect(attendee.trainingClass.seatsAvailable).toBe(0);
    const again = await register(me.headers, me.memberId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRAINING_MESSAGES.alreadyRegistered);
    const full = await register(other.headers, other.memberId);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(TRAINING_MESSAGES.classIsFull);

    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/attendee/q',
      headers: me.headers,
      payload: { memberID: me.memberId, pageSize: 100, orderBy: [{ field: 'startTime', direction: 'asc' }] },
    });
    expect(list.json().results.map((a: { id: number }) => a.id)).toEqual([attendee.id]);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/app/attendee/q', headers: other.headers, payload: { memberID: me.memberId } }))
        .statusCode,
    ).toBe(403);
    const sneaky = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/attendee/q',
      headers: other.headers,
      payload: { criteria: [{ field: 'memberID', op: 'Equal', values: [me.memberId] }] },
    });
    expect(sneaky.statusCode).toBe(403);

    // Someone else's registration reads as unknown; their own unregisters once.
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/app/attendee/unregister?id=${attendee.id}`, headers: other.headers })).statusCode,
    ).toBe(404);
    const off = await ctx.app.inject({ method: 'PUT', url: `/api/app/Attendee/Unregister?id=${attendee.id}`, headers: me.headers });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('You have successfully unregistered.');
    expect(off.json().results[0].unRegisteredOn).not.toBeNull();
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/app/attendee/unregister?id=${attendee.id}`, headers: me.headers })).statusCode,
    ).toBe(409);
    // The freed seat goes to the other member.
    expect((await register(other.headers, other.memberId)).statusCode).toBe(200);
  });

  it('gives the last two seats to exactly two of five members registering at once', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => memberIn()));
    const cls = await training.buildClass({ capacity: 2 });
    const all = await Promise.all(
      members.map((m) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/app/attendee/register',
          headers: m.headers,
          payload: { memberId: m.memberId, trainingClassId: cls.id },
        }),
      ),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    const taken = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM training_attendees WHERE training_class_id = $1', [
      cls.id,
    ]);
    expect(taken!.n).toBe(2);
  });

  it('refuses registering for a class that has started', async () => {
    const me = await memberIn();
    const cls = await training.buildClass({ startsInHours: -1 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/attendee/register',
      headers: me.headers,
      payload: { memberId: me.memberId, trainingClassId: cls.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TRAINING_MESSAGES.classStarted);
  });

  it('creates course requests with field errors first, lists and cancels only New or Approved ones of the member', async () => {
    const me = await memberIn();
    const other = await memberIn();
    const topic = await training.buildTopic();
    const earliest = earliestRequestDate(new Date(), DEFAULT_MLS_TIME_ZONE);
    let day = addDays(earliest.slice(0, 10), 7);
    while (isWeekendDay(day)) day = addDays(day, 1);
    const weekday = `${day}T${earliest.slice(11)}`;
    const create = (headers: Record<string, string>, payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/app/classRequest', headers, payload });
    const count = async () => (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM training_class_requests'))!.n;
    const before = await count();

    const bad = await create(me.headers, { requestedBy: me.memberId, trainingTopicId: topic.id, comments: '', dateTime: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'comments', message: 'Request Details Required' },
      { field: 'dateTime', message: 'Date Required' },
    ]);
    const weekend = await create(me.headers, {
      requestedBy: me.memberId,
      trainingTopicId: topic.id,
      comments: 'Please',
      dateTime: '2030-01-05T09:00:00',
    });
    expect(weekend.statusCode).toBe(400);
    expect(weekend.json().errors).toEqual([{ field: 'dateTime', message: TRAINING_MESSAGES.dateOutOfRange }]);
    const unknown = await create(me.headers, { requestedBy: me.memberId, trainingTopicId: 999999, comments: 'Please', dateTime: weekday });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('trainingTopicId');
    const forOther = await create(me.headers, {
      requestedBy: other.memberId,
      trainingTopicId: topic.id,
      comments: 'Please',
      dateTime: weekday,
    });
    expect(forOther.statusCode).toBe(403);
    expect(await count()).toBe(before);

    const ok = await create(me.headers, {
      requestedBy: me.memberId,
      trainingTopicId: topic.id,
      comments: 'A class on zoning',
      dateTime: weekday,
    });
    expect(ok.statusCode).toBe(200);
    const request = ok.json().results[0];
    expect(request).toMatchObject({
      requestedBy: me.memberId,
      trainingTopic: { name: topic.name },
      comments: 'A class on zoning',
      dateTime: weekday,
      requestStatus: 1,
    });

    const scheduled = await training.buildRequest(me.memberId, topic.id, 3);
    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/classrequest/q',
      headers: me.headers,
      payload: { requestedBy: me.memberId, pageSize: 500, orderBy: [{ field: 'dateTime', direction: 'asc' }] },
    });
    expect(
      list
        .json()
        .results.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([request.id, scheduled].sort());
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/app/classrequest/q',
          headers: other.headers,
          payload: { requestedBy: me.memberId },
        })
      ).statusCode,
    ).toBe(403);

    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/app/ClassRequest/${request.id}/Cancel`, headers: other.headers })).statusCode,
    ).toBe(404);
    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/app/classrequest/${request.id}/cancel`, headers: me.headers });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().results[0].requestStatus).toBe(4);
    const twice = await ctx.app.inject({ method: 'POST', url: `/api/app/ClassRequest/${request.id}/Cancel`, headers: me.headers });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TRAINING_MESSAGES.cancelOnlyNewOrApproved);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/app/ClassRequest/${scheduled}/Cancel`, headers: me.headers })).statusCode,
    ).toBe(409);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validAdminMessage } from '../../../test/admin-messages';
import { createContentFactories } from '../../../test/content-factories';
import { mintAccessToken, startInstances } from '../../../test/context';
import { createFactories } from '../../../test/factories';
import { type OpenStream, openStream } from '../../../test/live-stream';
import { createNotifications } from '../notifications/index';

/** Two instances over one database: a write through one reaches the streams opened on the other (LISTEN/NOTIFY). */
describe('live updates (Server-Sent Events)', () => {
  let instances: Awaited<ReturnType<typeof startInstances>>;
  let apps: FastifyInstance[];
  const urls: string[] = [];
  const streams: OpenStream[] = [];
  const token = (accountId: number, expiresIn?: string) =>
    mintAccessToken(instances.db, instances.config, accountId, expiresIn ? { expiresIn } : {});
  const open = async (instance: number, accountId: number) => {
    const { status, stream } = await openStream(urls[instance], await token(accountId));
    expect(status).toBe(200);
    streams.push(stream!);
    await stream!.next((e) => e.type === 'ready');
    return stream!;
  };

  beforeAll(async () => {
    instances = await startInstances(2);
    apps = instances.apps;
    for (const app of apps) urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await instances.close();
  });

  it('brings a notification written through instance A to a stream on instance B, and not to another member', async () => {
    const factories = createFactories(instances.db);
    const member = await factories.buildMember();
    const other = await factories.buildMember();
    const mine = await open(1, member.accountId);
    const theirs = await open(1, other.accountId);
    const campaignTypeId = await createContentFactories(instances.db).buildCampaignType();
    await apps[0].db.tx((q) =>
      createNotifications(q, [
        { memberId: member.memberId, campaignTypeId, subject: 'Hello', body: 'Live', priority: 1, isRead: false, createdOn: new Date() },
      ]),
    );
    await mine.next((e) => e.type === 'notifications');
    // A system message (a hint for everybody) comes after it: by then the other member's stream has heard all it would.
    const admin = await factories.buildMember({ isCrmlsAdmin: true });
    const posted = await apps[0].inject({
      method: 'POST',
      url: '/api/app/SystemNotification/',
      headers: { authorization: `Bearer ${await token(admin.accountId)}` },
      payload: validAdminMessage(),
    });
    expect(posted.statusCode).toBe(200);
    await theirs.next((e) => e.type === 'system-notifications');
    await mine.next((e) => e.type === 'system-notifications');
    expect(theirs.events.map((e) => e.type)).not.toContain('notifications');
  });

  it('refuses a stream without a valid token (401), and a sixth stream of one member (429)', async () => {
    expect((await openStream(urls[0], null)).status).toBe(401);
    expect((await openStream(urls[0], 'not.a.token')).status).toBe(401);
    const member = await createFactories(instances.db).buildMember();
    for (let i = 0; i < 5; i++) await open(0, member.accountId);
    expect((await openStream(urls[0], await token(member.accountId))).status).toBe(429);
  });

  it("tells staff of a new chat and the member of staff's reply, across instances", async () => {
    const factories = createFactories(instances.db);
    const office = await factories.buildOffice();
    const member = await factories.buildMember({ office });
    const staff = await factories.buildMember({ office, isCrmlsAorAdmin: true });
    const outsider = await factories.buildMember({ isCrmlsAorAdmin: true });
    const staffStream = await open(0, staff.accountId);
    const outsiderStream = await open(0, outsider.accountId);
    const memberStream = await open(1, member.accountId);
    const asMember = { authorization: `Bearer ${await token(member.accountId)}` };
    const chat = await apps[1].inject({ method: 'POST', url: '/api/app/SupportChat', headers: asMember, payload: {} });
    const chatId = chat.json().results[0].workItemId as number;
    await staffStream.next((e) => e.type === 'cases');
    const reply = await apps[0].inject({
      method: 'POST',
      url: `/api/app/SupportChat/${chatId}/Messages`,
      headers: { authorization: `Bearer ${await token(staff.accountId)}` },
      payload: { body: 'How can we help?' },
    });
    expect(reply.statusCode).toBe(200);
    expect(await memberStream.next((e) => e.type === 'chat' && e.fromStaff)).toEqual({ type: 'chat', workItemId: chatId, fromStaff: true });
    await staffStream.next((e) => e.type === 'chat');
    expect(outsiderStream.events.map((e) => e.type)).toEqual(['ready']);
  });

  it('ends the stream at the next heartbeat once the session has ended on any instance', async () => {
    apps[1].liveHeartbeatMs = 100;
    try {
      const member = await createFactories(instances.db).buildMember();
      const before = apps[1].live.size;
      const stream = await open(1, member.accountId);
      await instances.db.query('UPDATE accounts SET token_generation = token_generation + 1 WHERE id = $1', [member.accountId]);
      expect(await stream.next((e) => e.type === 'end')).toEqual({ type: 'end', reason: 'signed-out' });
      await stream.ended;
      expect(apps[1].live.size).toBe(before);
    } finally {
      apps[1].liveHeartbeatMs = undefined;
    }
  });

  it('ends the stream when its access token expires', async () => {
    const member = await createFactories(instances.db).buildMember();
    const { stream } = await openStream(urls[0], await token(member.accountId, '2s'));
    streams.push(stream!);
    expect(await stream!.next((e) => e.type === 'end')).toEqual({ type: 'end', reason: 'token-expired' });
  });
});

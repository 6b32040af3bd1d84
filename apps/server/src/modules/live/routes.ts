import { LIVE_EVENTS_PATH } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { scoped } from '../../lib/guard';
import { route } from '../../lib/route';
import { LiveHub } from './hub';
import type { AudienceRules } from './policy';
import { liveListener, openStream } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live streams (decision 0977); tests shorten `liveHeartbeatMs`. */
    live: LiveHub;
    liveHeartbeatMs: number | undefined;
  }
}

/** The live stream, fanning each signal out by the audience rules the features registered (`modules/index.ts`). */
export const liveRoutes = (audience: AudienceRules) =>
  async function liveRoutes(app: FastifyInstance): Promise<void> {
    const hub = new LiveHub(audience);
    app.decorate('live', hub);
    app.decorate('liveHeartbeatMs', undefined);
    const ensureListening = liveListener(app, hub);

    route(app, {
      method: 'GET',
      url: LIVE_EVENTS_PATH,
      guard: scoped('live.events', "the member's own updates, by the features' audience rules"),
      summary:
        "The signed-in member's live updates (text/event-stream): their notifications, system messages, their chat's staff replies, and for staff the cases they work. 429 when too many streams are open",
      tags: ['live'],
      handler: async ({ req, reply, principal, viewer }) => {
        await ensureListening();
        openStream({ app, hub, req, reply, principal: principal!, viewer, heartbeatMs: app.liveHeartbeatMs });
        return reply;
      },
    });
  };

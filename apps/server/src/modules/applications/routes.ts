import { audienceApplicationSchema, envelope, envelopeSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { scoped } from '../../lib/guard';
import { type SerializedAnswer, serializeAnswer } from '../../lib/kept-answer';
import { route } from '../../lib/route';
import { presentApplication, tilesChangeAt } from './presenter';
import { type ApplicationRow, audienceApplicationRows, audienceOf } from './service';

/** Audiences kept per instance: associations x main offices x member types in use, a few KB each. */
const MAX_AUDIENCES = 20_000;

export async function applicationsRoutes(app: FastifyInstance): Promise<void> {
  // OIDC applications' tiles start their sign-in with Portico's own provider only (decision 0989).
  const issuer = app.config.embeddedIdentity ? app.config.issuer : null;
  // Each audience's rows, kept until an application, audience, opt-out or office changes (decision 0998).
  const audiences = app.changes.cache<ApplicationRow[]>('applications', MAX_AUDIENCES);
  // The answer presented and serialised from each kept list of rows, until a tile's NEW badge turns (issue 33:
  // presenting the tiles, an OIDC tile's launch URL above all, then serialising them, were most of this call's own
  // time; decision 1188). A list read again is presented again.
  const presented = new WeakMap<ApplicationRow[], { answer: SerializedAnswer; until: number }>();
  route(app, {
    method: 'GET',
    url: '/api/app/AudienceApplications/',
    guard: scoped('applications.audience', "applications of the member's audience"),
    summary: "The applications the member's audience may use (association, main office, member type, office opt-outs)",
    tags: ['dashboard'],
    response: envelopeSchema(audienceApplicationSchema),
    handler: async ({ viewer, db, reply }) => {
      const audience = audienceOf(viewer);
      const rows = await audiences.get(JSON.stringify(audience), () => audienceApplicationRows(db, audience));
      const now = Date.now();
      let kept = presented.get(rows);
      if (!kept || now >= kept.until) {
        const tiles = rows.map((r) => presentApplication(r, new Date(now), issuer));
        kept = { answer: serializeAnswer(reply, envelope(tiles)), until: tilesChangeAt(rows, now) };
        presented.set(rows, kept);
      }
      return kept.answer;
    },
  });
}

import {
  envelope,
  envelopeSchema,
  MEMBER_SESSION_MESSAGES as M,
  memberSessionSchema,
  sessionsEndedSchema,
  signOutOthersSchema,
  signOutSessionSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { credentialRoute } from '../../lib/credential-route';
import { scoped } from '../../lib/guard';
import { securityLog } from '../../lib/security-log';
import { describeOrigin, securityEvent } from '../security-activity/index';
import { currentGrantOf } from './policy';
import { sessionsOf, signOutOthers, signOutSession } from './service';

const tags = ['member-sessions'];
const OWN = "the signed-in account's own sessions";

/** Issue 32 §1: the member's signed-in browsers and apps, and signing them out (decision 1121). */
export async function memberSessionsRoutes(app: FastifyInstance): Promise<void> {
  credentialRoute(app, {
    method: 'GET',
    url: '/api/app/MemberSessions',
    guard: scoped('member-sessions.read', OWN),
    summary: "The signed-in account's sessions: device, browser, approximate place, first and last seen, 'This device'",
    tags,
    response: envelopeSchema(memberSessionSchema),
    handler: async ({ db, principal }) => {
      const accountId = principal?.accountId ?? 0;
      return envelope(await sessionsOf(db, accountId, currentGrantOf(principal?.claims ?? {})));
    },
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/MemberSessions/SignOut',
    guard: scoped('member-sessions.sign-out', OWN),
    summary: 'Ends one other session at once on every instance: its grant, refresh tokens and access tokens',
    tags,
    body: signOutSessionSchema,
    bodyLimit: 1024,
    response: envelopeSchema(sessionsEndedSchema),
    handler: async ({ body, db, req, principal }) => {
      const accountId = principal?.accountId ?? 0;
      const event = await securityEvent(req, { accountId, kind: 'sessions-ended', detail: 'one session' });
      await signOutSession(db, accountId, body.sessionId, currentGrantOf(principal?.claims ?? {}), event);
      app.principals.forgetAccount(accountId);
      securityLog(req, 'sessions-revoked', { accountId, detail: 'one session signed out by the member' });
      return envelope([{ ended: 1 }], M.signedOut);
    },
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/MemberSessions/SignOutOthers',
    guard: scoped('member-sessions.sign-out-others', OWN),
    summary: "Ends every session but the caller's at once on every instance (decision 0901's mechanism)",
    tags,
    body: signOutOthersSchema,
    bodyLimit: 1024,
    response: envelopeSchema(sessionsEndedSchema),
    handler: async ({ db, req, principal }) => {
      const accountId = principal?.accountId ?? 0;
      const origin = await describeOrigin(req);
      const ended = await signOutOthers(db, accountId, currentGrantOf(principal?.claims ?? {}), (q, n) =>
        origin.write(q, { accountId, kind: 'sessions-ended', detail: `${n} other sessions` }),
      );
      app.principals.forgetAccount(accountId);
      securityLog(req, 'sessions-revoked', { accountId, detail: `${ended} other sessions signed out by the member` });
      return envelope([{ ended }], M.signedOutOthers(ended));
    },
  });
}

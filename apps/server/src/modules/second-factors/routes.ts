import {
  enlistedFactorSchema,
  enlistmentSchema,
  enlistNewSchema,
  enlistResendSchema,
  enlistVerifySchema,
  envelope,
  envelopeSchema,
  memberSecondFactorsSchema,
  SECOND_FACTOR_MESSAGES,
  secondFactorsQuerySchema,
  updateSecondFactorsSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { credentialRoute } from '../../lib/credential-route';
import { scoped } from '../../lib/guard';
import { securityLog } from '../../lib/security-log';
import { describeOrigin, securityEvent } from '../security-activity/index';
import { resendEnlistmentCode, startEnlistment, verifyEnlistment } from './enlistment';
import { assertOwnFactors } from './policy';
import { factorChangeEvent, getSecondFactors, updateSecondFactors } from './service';

const tags = ['second-factors'];

/** Seed 002 §7: a member's own second factors, and adding one (New, then Verify with the code, Resend). */
export async function secondFactorsRoutes(app: FastifyInstance): Promise<void> {
  credentialRoute(app, {
    method: 'GET',
    url: '/api/app/MemberSecondFactors',
    guard: scoped('second-factors.read', "the member's own second factors"),
    gates: { secondFactor: false },
    summary: "The signed-in member's second factors, in their order, with the types that can be added",
    tags,
    response: envelopeSchema(memberSecondFactorsSchema),
    query: secondFactorsQuerySchema,
    handler: async ({ query, viewer, db }) => {
      assertOwnFactors(viewer, query.memberId);
      return envelope([await getSecondFactors(db, query.memberId, app.config.fido2.enabled)]);
    },
  });

  credentialRoute(app, {
    method: 'PUT',
    url: '/api/app/MemberSecondFactors',
    guard: scoped('second-factors.update', "the member's own second factors"),
    gates: { secondFactor: false },
    summary: 'Saves the order of the factors, turns factors from member data on or off, and deletes the ones left out',
    tags,
    response: envelopeSchema(memberSecondFactorsSchema),
    body: updateSecondFactorsSchema,
    bodyLimit: 8192,
    handler: async ({ body, viewer, db, req, principal }) => {
      assertOwnFactors(viewer, body.memberId);
      const origin = await describeOrigin(req);
      const accountId = principal?.accountId ?? 0;
      const saved = await updateSecondFactors(db, body, app.config.fido2.enabled, (q, change) =>
        origin.write(q, { accountId, ...factorChangeEvent(change) }),
      );
      const kept = body.secondFactors.map((f) => `${f.secondFactorId}:${f.isEnabled ? 'on' : 'off'}`).join(',');
      securityLog(req, 'second-factor-changed', { accountId: principal?.accountId, detail: `kept ${kept}` });
      return envelope([saved]);
    },
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/MemberSecondFactors/Enlist/New',
    guard: scoped('second-factors.enlist', "the member's own enlistments"),
    gates: { secondFactor: false },
    summary: 'Starts adding a factor: e-mails a code, or answers an authenticator secret with its QR code',
    tags,
    response: envelopeSchema(enlistmentSchema),
    body: enlistNewSchema,
    bodyLimit: 4096,
    rateLimit: ['enlist', 'enlist-address'],
    handler: async ({ body, viewer, db }) => {
      assertOwnFactors(viewer, body.memberId);
      return envelope([await startEnlistment(db, app, viewer.loginId, body)]);
    },
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/MemberSecondFactors/Enlist/Verify',
    guard: scoped('second-factors.enlist.verify', "the member's own enlistments"),
    gates: { secondFactor: false },
    summary: 'Checks the 6-digit code of a factor being added and adds it',
    tags,
    response: envelopeSchema(enlistedFactorSchema),
    body: enlistVerifySchema,
    bodyLimit: 4096,
    rateLimit: ['enlist', 'enlist-address'],
    handler: async ({ body, viewer, db, req, principal }) => {
      const event = await securityEvent(req, { accountId: principal?.accountId ?? 0, kind: 'factor-added' });
      const secondFactorId = await verifyEnlistment(db, viewer.memberId, body.EnlistmentId, body.SuppliedCode, event);
      securityLog(req, 'second-factor-changed', { accountId: principal?.accountId, detail: `added factor ${secondFactorId}` });
      return envelope([{ secondFactorId }], SECOND_FACTOR_MESSAGES.validated);
    },
  });

  credentialRoute(app, {
    method: 'POST',
    url: '/api/app/MemberSecondFactors/Enlist/ResendCode',
    guard: scoped('second-factors.enlist.resend', "the member's own enlistments"),
    gates: { secondFactor: false },
    summary: 'Sends a new code to an e-mail factor being added, once the resend wait is over',
    tags,
    response: envelopeSchema(enlistmentSchema),
    body: enlistResendSchema,
    bodyLimit: 4096,
    rateLimit: ['enlist', 'enlist-address'],
    handler: async ({ body, viewer, db }) => envelope([await resendEnlistmentCode(db, app, viewer.memberId, body.EnlistmentId)]),
  });
}

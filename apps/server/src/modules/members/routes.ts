import { authMemberSchema, claimSchema, envelope, envelopeSchema } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { authenticated } from '../../lib/guard';
import { keptAnswers } from '../../lib/kept-answer';
import { route } from '../../lib/route';
import { isEulaExpired } from '../eula/index';
import { factorStanding } from '../second-factor-policy/index';
import { presentAuthMember } from './presenter';

export async function membersRoutes(app: FastifyInstance): Promise<void> {
  // The profile made and serialised once per kept member record (issue 33): the principal cache hands every call of a
  // signed-in member the same record, and a new one after any change of the member (lib/kept-answer.ts).
  const profileAnswer = keptAnswers<Parameters<typeof presentAuthMember>[0]>();
  route(app, {
    method: 'GET',
    url: '/api/app/Members/AuthMemberDto',
    guard: authenticated,
    gates: { eula: false, passwordUpdate: false },
    summary: 'The signed-in member profile; no results when the sign-in has no member data',
    tags: ['members'],
    response: envelopeSchema(authMemberSchema),
    handler: async ({ principal, reply }) =>
      principal?.member
        ? profileAnswer(reply, principal.member, (m) => envelope([presentAuthMember(m, app.config.mlsTimeZone)]))
        : envelope([], 'No Member Data'),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Profiles/Claims',
    guard: authenticated,
    gates: { eula: false },
    summary: "The claims of the current session; a member's include isEulaExpired (the current EULA not yet accepted)",
    tags: ['members'],
    response: envelopeSchema(claimSchema),
    handler: async ({ principal, db }) => {
      const claims = Object.entries(principal?.claims ?? {})
        .filter(([type]) => ['sub', 'scope', 'iss', 'aud', 'exp', 'iat', 'client_id'].includes(type))
        .map(([type, value]) => ({ type, value: Array.isArray(value) ? value.join(' ') : String(value) }));
      if (principal?.member) {
        const m = principal.member;
        const factor = principal.accountId === null ? null : await factorStanding(db, principal.accountId, app.config.mlsTimeZone);
        claims.push(
          { type: 'loginId', value: m.login_id },
          { type: 'memberId', value: String(m.id) },
          { type: 'userid', value: String(m.id) },
          { type: 'memberFirstName', value: m.first_name },
          { type: 'memberLastName', value: m.last_name },
          { type: 'memberStateLicense', value: m.state_license ?? '' },
          // Read at every call, not from the token: it changes when the member accepts or a new version is published.
          { type: 'isEulaExpired', value: String(await isEulaExpired(db, m.id)) },
          // The MLS requires a second factor this member has not added (decision 1122): the web app leads them to add one,
          // says why (the policy, or a one-time code from staff), and counts down the sign-ins of grace before that.
          { type: 'isSecondFactorRequired', value: String(factor?.pending ?? false) },
          { type: 'secondFactorRequiredBy', value: factor?.requiredBy ?? '' },
          { type: 'secondFactorGraceLeft', value: factor?.graceLeft == null ? '' : String(factor.graceLeft) },
        );
      }
      return envelope(claims);
    },
  });
}

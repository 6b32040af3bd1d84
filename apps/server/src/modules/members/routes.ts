import { envelope } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { presentAuthMember } from './presenter';

export async function membersRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/api/app/Members/AuthMemberDto',
    access: 'authenticated',
    summary: 'The signed-in member profile; no results when the sign-in has no member data',
    tags: ['members'],
    handler: async ({ principal }) =>
      principal?.member ? envelope([presentAuthMember(principal.member)]) : envelope([], 'No Member Data'),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/Profiles/Claims',
    access: 'authenticated',
    summary: 'The claims of the current session',
    tags: ['members'],
    handler: async ({ principal }) => {
      const claims = Object.entries(principal?.claims ?? {})
        .filter(([type]) => ['sub', 'scope', 'iss', 'aud', 'exp', 'iat', 'client_id'].includes(type))
        .map(([type, value]) => ({ type, value: Array.isArray(value) ? value.join(' ') : String(value) }));
      if (principal?.member) {
        claims.push({ type: 'loginId', value: principal.member.login_id }, { type: 'memberId', value: String(principal.member.id) });
      }
      return envelope(claims);
    },
  });
}

import { SECOND_FACTOR_MESSAGES as M, safeReturnPath } from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { AppError, badRequest, unauthenticated } from '../../lib/errors';
import { fastifyPublic } from '../../lib/guard';
import { securityLog } from '../../lib/security-log';
import { securityEvent } from '../../modules/security-activity/index';
import { page } from '../html';
import { sendPage } from '../pages';
import { enlistPage, enlistSignInFirstPage } from './pages';
import { memberOfAccount } from './repository';
import { enlistQuery, enlistVerifyBody, passkeyNameSchema } from './schemas';
import { registrationOptions, verifyRegistration } from './service';

/** Where the enlist page goes back to when it is given no return url. */
export const DEFAULT_RETURN_PATH = '/account-settings/manage-authentications';

const notSignedIn = () => unauthenticated('Your sign-in has ended. Please sign in again.');

/**
 * The provider's passkey enlist page (seed 002: the portal's passkey enrolment navigates here with a return url) and
 * its two JSON calls. The member is the one signed in to the provider (its session cookie); the calls also insist on
 * this site's Origin, so another site cannot drive them.
 */
export async function passkeyEnlistRoutes(app: FastifyInstance, provider: Provider): Promise<void> {
  const fido2 = app.config.fido2;
  /** The signed-in member of the provider's session, or null. */
  const signedIn = async (req: FastifyRequest, reply: FastifyReply) => {
    const session = await provider.Session.get(provider.createContext(req.raw, reply.raw));
    const accountId = Number(session.accountId) || 0;
    const member = accountId ? await memberOfAccount(app.db, accountId) : null;
    return member ? { accountId, ...member } : null;
  };
  const sameOrigin = (req: FastifyRequest) => {
    if (req.headers.origin !== fido2.origin) throw new AppError('FORBIDDEN', 'This call is only taken from the portal’s own pages.');
  };

  app.get('/signin/passkey/enlist', { config: fastifyPublic }, async (req, reply) => {
    if (!fido2.enabled) return sendPage(reply, 404, page('Not found', '<main class="card"><h1>Passkeys are not offered here</h1></main>'));
    const query = enlistQuery.parse(req.query ?? {});
    const back = query.returnUrl ? safeReturnPath(query.returnUrl, fido2.origin) : DEFAULT_RETURN_PATH;
    if (!back) {
      const text = 'The return address must be a page of this portal.';
      return sendPage(
        reply,
        400,
        page('Add a passkey', `<main class="card"><h1>Add a passkey</h1><p class="error" role="alert">${text}</p></main>`),
      );
    }
    const who = await signedIn(req, reply);
    if (!who) return sendPage(reply, 401, enlistSignInFirstPage(back));
    const name = query.name.trim().slice(0, 64);
    return sendPage(reply, 200, enlistPage(name, back, null));
  });

  app.post('/signin/passkey/enlist/options', { config: fastifyPublic, bodyLimit: 4096 }, async (req, reply) => {
    if (!fido2.enabled) throw new AppError('NOT_FOUND', 'Passkeys are not offered here.');
    sameOrigin(req);
    const who = await signedIn(req, reply);
    if (!who) throw notSignedIn();
    z.object({ name: passkeyNameSchema }).parse(req.body ?? {});
    await app.limits.hit([
      ['enlist', `member:${who.memberId}`],
      ['enlist-address', `address:${req.ip}`],
    ]);
    return reply.header('cache-control', 'no-store').send({ options: await registrationOptions(app.db, fido2, who) });
  });

  app.post('/signin/passkey/enlist/verify', { config: fastifyPublic, bodyLimit: 131_072 }, async (req, reply) => {
    if (!fido2.enabled) throw new AppError('NOT_FOUND', 'Passkeys are not offered here.');
    sameOrigin(req);
    const who = await signedIn(req, reply);
    if (!who) throw notSignedIn();
    const body = enlistVerifyBody.parse(req.body ?? {});
    await app.limits.hit([['enlist-address', `address:${req.ip}`]]);
    const event = await securityEvent(req, { accountId: who.accountId, kind: 'factor-added', detail: `passkey ${body.name}` });
    const factorId = await verifyRegistration(app.db, fido2, who, body.name, body.response as never, event);
    if (!factorId) {
      securityLog(req, 'second-factor-code-failed', { accountId: who.accountId, detail: 'passkey enlist refused' });
      throw badRequest(M.passkeyFailed, [{ field: 'response', message: M.passkeyFailed }]);
    }
    securityLog(req, 'second-factor-changed', { accountId: who.accountId, detail: `added passkey factor ${factorId}` });
    return reply.header('cache-control', 'no-store').send({ secondFactorId: factorId, message: M.passkeyAdded(body.name) });
  });
}

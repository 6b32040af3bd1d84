import { MESSAGES } from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { fastifyPublic } from '../lib/guard';
import { signIns } from '../lib/metrics';
import { securityLog } from '../lib/security-log';
import { APPLICATION_ACCESS_PROMPT, sendApplicationRefusal } from '../modules/oidc-apps/index';
import { acceptTry, answerFailureFrom, checkPassword, type SignInResult } from './credentials';
import { recordFailedSignIn, rememberSignIn } from './devices';
import { brandingFor, sendPage, signInLimited, signInPage } from './pages';
import { passkeyAssetRoutes } from './passkeys/assets';
import { passkeyEnlistRoutes } from './passkeys/enlist-routes';
import { passkeySignInRoutes } from './passkeys/signin-routes';
import { newPortalGrant, PORTAL_CLIENT_ID } from './provider';
import { recoveryStepRoutes } from './recovery-step';
import { beginSecondFactor, secondFactorStepRoutes, signInFactors } from './second-factor-step';

const loginForm = z.object({ login: z.string().max(200).default(''), password: z.string().max(1000).default('') });

const nobody: SignInResult = { ok: false, accountId: null, reason: 'unknown', lockedNow: false };

/** The provider's sign-in screens at /signin/{uid}: the password, then a second factor when the member has one. */
export async function signInRoutes(app: FastifyInstance, provider: Provider): Promise<void> {
  const details = (req: FastifyRequest, reply: FastifyReply) => provider.interactionDetails(req.raw, reply.raw);
  /** Every factor passed: the provider's interaction ends with the account signed in. */
  const finish = async (req: FastifyRequest, reply: FastifyReply, accountId: number, how = '') => {
    securityLog(req, 'signed-in', { accountId });
    const interaction = await details(req, reply);
    // A sign-in into the portal makes its grant here, so that Sessions can say which browser it is (decision 1121).
    const grantId =
      interaction.params.client_id === PORTAL_CLIENT_ID ? await newPortalGrant(provider, String(accountId), app.config.audience) : null;
    await rememberSignIn(app, req, reply, accountId, grantId, how);
    const url = await provider.interactionResult(
      req.raw,
      reply.raw,
      { login: { accountId: String(accountId) }, ...(grantId ? { consent: { grantId } } : {}) },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(url, 303);
  };

  app.get('/signin/:uid', { config: fastifyPublic }, async (req, reply) => {
    const interaction = await details(req, reply);
    // A launcher application the member may not use (decision 0989): a clear page, and the application gets nothing.
    if (interaction.prompt.name === APPLICATION_ACCESS_PROMPT) {
      const { title, message } = interaction.prompt.details as { title?: string; message?: string };
      securityLog(req, 'oidc-application-refused', {
        accountId: Number(interaction.session?.accountId) || null,
        detail: `audience ${interaction.params.client_id}`,
      });
      return sendApplicationRefusal(
        reply,
        { title: String(title ?? 'You cannot use this application'), message: String(message ?? '') },
        app.config.publicUrl,
      );
    }
    if (interaction.prompt.name !== 'login') {
      req.log.warn({ prompt: interaction.prompt }, 'unexpected prompt');
      // The portal's grant is made by loadExistingGrant; any other prompt means there is nothing left to ask.
      const url = await provider.interactionResult(req.raw, reply.raw, { consent: {} }, { mergeWithLastSubmission: true });
      return reply.redirect(url, 303);
    }
    const brand = await brandingFor(app, interaction.params.acr_values);
    return sendPage(
      reply,
      200,
      signInPage(interaction.uid, brand, String(interaction.params.login_hint ?? ''), null, app.config.fido2.enabled),
    );
  });

  app.post('/signin/:uid/login', { config: fastifyPublic, bodyLimit: 16_384 }, async (req, reply) => {
    const startedAt = Date.now();
    if (await signInLimited(app, req, reply, 'sign-in')) return reply;
    const interaction = await details(req, reply);
    const form = loginForm.safeParse(req.body ?? {});
    const login = form.success ? form.data.login : '';
    const password = form.success ? form.data.password : '';
    let result = login && password ? await checkPassword(app.db, login, password) : nobody;
    if (result.ok) {
      const factors = await signInFactors(app, result.accountId);
      // Taken only when no other try overlapped it; with a second factor the sign-in is not finished yet.
      if (await acceptTry(app.db, result.attempt, factors.length === 0)) {
        if (factors.length) return beginSecondFactor(app, req, reply, interaction.uid, result.accountId, factors);
        return finish(req, reply, result.accountId, 'password');
      }
      result = { ok: false, accountId: result.accountId, reason: 'wrong', lockedNow: false };
    }
    signIns.inc({ outcome: 'failure' });
    if (login) {
      const event = result.reason === 'locked' || result.reason === 'deactivated' ? 'sign-in-refused-locked' : 'sign-in-failed';
      securityLog(req, event, { loginId: login, accountId: result.accountId, detail: result.reason });
      if (result.lockedNow) securityLog(req, 'account-locked', { loginId: login, accountId: result.accountId });
      const refused = result.reason === 'locked' || result.reason === 'deactivated';
      await recordFailedSignIn(app, req, result.accountId, refused ? 'locked' : 'failure', refused ? result.reason : 'wrong password');
    }
    await answerFailureFrom(startedAt);
    const brand = await brandingFor(app, interaction.params.acr_values);
    return sendPage(reply, 401, signInPage(interaction.uid, brand, login, MESSAGES.signInFailed, app.config.fido2.enabled));
  });

  await secondFactorStepRoutes(app, { details, finish });
  await recoveryStepRoutes(app, { details, finish });
  await passkeyAssetRoutes(app);
  await passkeyEnlistRoutes(app, provider);
  await passkeySignInRoutes(app, { details, finish });
}

import { SECOND_FACTOR_MESSAGES as M } from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { fastifyPublic } from '../../lib/guard';
import { secondFactorChallenges, signIns } from '../../lib/metrics';
import { securityLog } from '../../lib/security-log';
import { acceptTry, answerFailureFrom, type CountedTry, countSignInTry, isAccountLocked } from '../credentials';
import { recordFailedSignIn } from '../devices';
import { isLocked } from '../lockout';
import { brandingFor, sendPage, signInLimited, signInPage } from '../pages';
import { loadChallenge, renderFactorStep, restartSignIn, type StepTools, signInFactors } from '../second-factor-step';
import { accountOfMember, type ChallengeBinding, credentialById, credentialOfFactor } from './repository';
import { parseAssertion } from './schemas';
import { authenticationOptions, verifyAuthentication } from './service';

const off = () => new AppError('NOT_FOUND', 'Passkeys are not offered here.');

/**
 * Passkey sign-in on the provider's pages (decision 0968): "Sign in with a passkey" without a password (a
 * discoverable credential with user verification) at /signin/{uid}/passkey, and a passkey as the second factor at
 * /signin/{uid}/factor/passkey. Each has an `options` call (JSON) that binds a new challenge to the interaction. A
 * try counts against the account's lock-out before it is checked, like a password or a code (decision 0900).
 */
export async function passkeySignInRoutes(app: FastifyInstance, { details, finish }: StepTools): Promise<void> {
  const fido2 = app.config.fido2;
  const json = (reply: FastifyReply, body: unknown) => reply.header('cache-control', 'no-store').send(body);

  /** A refused try: logged, answered no sooner than any failed sign-in, the account's lock reported. */
  const failed = async (req: FastifyRequest, startedAt: number, accountId: number | null, attempt: CountedTry | null, how: string) => {
    signIns.inc({ outcome: 'failure' });
    securityLog(req, 'sign-in-failed', { accountId, detail: how });
    await recordFailedSignIn(app, req, accountId, 'failure', how);
    if (attempt && attempt.after.lockCount > attempt.before.lockCount) securityLog(req, 'account-locked', { accountId });
    await answerFailureFrom(startedAt);
  };

  app.post('/signin/:uid/passkey/options', { config: fastifyPublic, bodyLimit: 1024 }, async (req, reply) => {
    if (!fido2.enabled) throw off();
    await app.limits.hit([['sign-in', `address:${req.ip}`]]);
    const interaction = await details(req, reply);
    const binding: ChallengeBinding = { purpose: 'sign-in', accountId: null, interactionUid: interaction.uid };
    return json(reply, { options: await authenticationOptions(app.db, fido2, binding, null) });
  });

  app.post('/signin/:uid/passkey', { config: fastifyPublic, bodyLimit: 262_144 }, async (req, reply) => {
    const startedAt = Date.now();
    if (!fido2.enabled) throw off();
    if (await signInLimited(app, req, reply, 'sign-in')) return reply;
    const interaction = await details(req, reply);
    const refuse = async (status: number) => {
      const brand = await brandingFor(app, interaction.params.acr_values);
      return sendPage(reply, status, signInPage(interaction.uid, brand, '', M.passkeySignInFailed, true));
    };
    const answer = parseAssertion(req.body);
    if (!answer) return refuse(400);
    const binding: ChallengeBinding = { purpose: 'sign-in', accountId: null, interactionUid: interaction.uid };
    const credential = await credentialById(app.db, answer.id);
    const accountId = credential ? await accountOfMember(app.db, credential.member_id) : null;
    const counted = accountId ? await countSignInTry(app.db, { accountId }) : null;
    const attempt = counted?.kind === 'counted' ? counted.attempt : null;
    // The challenge is taken whatever happens next: one answer per challenge.
    const isRight = await verifyAuthentication(app.db, fido2, binding, answer as never, attempt ? credential : null);
    if (isRight && attempt && (await acceptTry(app.db, attempt, true))) {
      securityLog(req, 'signed-in', { accountId, detail: `passkey factor ${credential?.factor_id}, without password` });
      return finish(req, reply, attempt.accountId, 'passkey');
    }
    await failed(req, startedAt, accountId, attempt, counted?.kind === 'refused' ? `passkey: ${counted.reason}` : 'passkey');
    return refuse(401);
  });

  /** The passkey factor the sign-in's second step is on, with its credential; null when it is not on one. */
  const currentPasskey = async (uid: string) => {
    const challenge = await loadChallenge(app.db, uid);
    if (!challenge) return null;
    const factors = await signInFactors(app, challenge.account_id);
    const factor = factors.find((f) => f.id === challenge.factor_id && f.type === 'passkey');
    const credential = factor ? await credentialOfFactor(app.db, factor.id) : null;
    return factor && credential ? { challenge, factors, factor, credential } : null;
  };

  app.post('/signin/:uid/factor/passkey/options', { config: fastifyPublic, bodyLimit: 1024 }, async (req, reply) => {
    if (!fido2.enabled) throw off();
    await app.limits.hit([['sign-in-code', `address:${req.ip}`]]);
    const interaction = await details(req, reply);
    const step = await currentPasskey(interaction.uid);
    if (!step) throw new AppError('NOT_FOUND', 'This sign-in has ended. Please start again.');
    const binding: ChallengeBinding = { purpose: 'second-factor', accountId: step.challenge.account_id, interactionUid: interaction.uid };
    return json(reply, { options: await authenticationOptions(app.db, fido2, binding, [step.credential]) });
  });

  app.post('/signin/:uid/factor/passkey', { config: fastifyPublic, bodyLimit: 262_144 }, async (req, reply) => {
    const startedAt = Date.now();
    if (!fido2.enabled) throw off();
    if (await signInLimited(app, req, reply, 'sign-in-code')) return reply;
    const interaction = await details(req, reply);
    const step = await currentPasskey(interaction.uid);
    if (!step || (await isAccountLocked(app.db, step.challenge.account_id))) return restartSignIn(app, reply, interaction);
    const { challenge, factors, factor, credential } = step;
    const answer = parseAssertion(req.body);
    if (!answer) return renderFactorStep(reply, 400, interaction.uid, factors, factor.id, M.passkeySignInFailed);
    const counted = await countSignInTry(app.db, { accountId: challenge.account_id });
    if (counted.kind !== 'counted') return restartSignIn(app, reply, interaction);
    const binding: ChallengeBinding = { purpose: 'second-factor', accountId: challenge.account_id, interactionUid: interaction.uid };
    const isRight = await verifyAuthentication(app.db, fido2, binding, answer as never, credential);
    secondFactorChallenges.inc({ outcome: isRight ? 'passed' : 'failed' });
    if (isRight && (await acceptTry(app.db, counted.attempt, true))) {
      await app.db.query('DELETE FROM sign_in_challenges WHERE uid = $1', [challenge.uid]);
      return finish(req, reply, challenge.account_id, 'password and passkey');
    }
    securityLog(req, 'second-factor-code-failed', { accountId: challenge.account_id, detail: 'passkey' });
    await failed(req, startedAt, challenge.account_id, counted.attempt, 'passkey second factor');
    if (isLocked(counted.attempt.after, new Date())) return restartSignIn(app, reply, interaction);
    return renderFactorStep(reply, 401, interaction.uid, factors, factor.id, M.passkeySignInFailed);
  });
}

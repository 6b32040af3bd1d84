import {
  MESSAGES,
  resendAvailableInSeconds,
  SECOND_FACTOR_MESSAGES,
  VERIFICATION_CODE_TTL_MIN,
  verificationCodeSchema,
} from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Queryable } from '../db/index';
import { fastifyPublic } from '../lib/guard';
import { secondFactorChallenges, signIns } from '../lib/metrics';
import { securityLog } from '../lib/security-log';
import {
  CODE_SENT_TYPES,
  codeMatches,
  codeUsable,
  enabledFactorsOfAccount,
  type FactorRow,
  hashCode,
  markTotpStepUsed,
  newCode,
  queueCode,
  totpStep,
} from '../modules/second-factors/index';
import { acceptTry, answerFailureFrom, type CountedTry, countSignInTry, isAccountLocked } from './credentials';
import { recordFailedSignIn } from './devices';
import { isLocked } from './lockout';
import { brandingFor, secondFactorPage, sendPage, signInLimited, signInPage } from './pages';

/** The second step must be finished this long after the password; an e-mailed code works for CODE_MINUTES. */
export const CHALLENGE_MINUTES = 15;
export const CODE_MINUTES = VERIFICATION_CODE_TTL_MIN;
/** "Send a new code" on the sign-in page mails again at most this often. */
export const SIGN_IN_RESEND_S = 60;
export const WRONG_CODE =
  'That code is not correct or has expired. Check it and try again, or send a new code; after repeated failures sign-in is paused for a while.';

export interface Challenge {
  uid: string;
  account_id: number;
  factor_id: number;
  code_factor_id: number | null;
  code_hash: string | null;
  code_sent_on: Date | null;
  code_expires_at: Date | null;
  attempts: number;
}

const salt = (uid: string, factorId: number) => `${uid}:${factorId}`;
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

export async function loadChallenge(q: Queryable, uid: string): Promise<Challenge | null> {
  return q.one<Challenge>(
    `SELECT uid, account_id, factor_id, code_factor_id, code_hash, code_sent_on, code_expires_at, attempts FROM sign_in_challenges
     WHERE uid = $1 AND expires_at > now()`,
    [uid],
  );
}

/**
 * Points the challenge at a factor. An e-mail or SMS factor is sent a code unless it already has a fresh one; codes go
 * out at most once a minute per sign-in, whichever factor they are for. Answers a notice when a code had to wait.
 */
async function chooseFactor(app: FastifyInstance, uid: string, factor: FactorRow, current: Challenge | null): Promise<string | null> {
  await app.db.query('UPDATE sign_in_challenges SET factor_id = $2 WHERE uid = $1', [uid, factor.id]);
  if (!CODE_SENT_TYPES.includes(factor.type)) return null;
  const wait = current?.code_sent_on ? resendAvailableInSeconds(current.code_sent_on, new Date(), SIGN_IN_RESEND_S) : 0;
  if (wait > 0) return current?.code_factor_id === factor.id ? null : SECOND_FACTOR_MESSAGES.resendWait(wait);
  const code = newCode();
  await app.db.tx(async (q) => {
    await q.query(
      `UPDATE sign_in_challenges SET code_factor_id = $2, code_hash = $3, code_sent_on = now(), code_expires_at = $4, attempts = 0
       WHERE uid = $1`,
      [uid, factor.id, hashCode(salt(uid, factor.id), code), minutesFromNow(CODE_MINUTES)],
    );
    await queueCode(q, app, factor.type, factor.value, code, 'sign-in');
  });
  return null;
}

/** The member's enabled factors that sign-in can ask for now: passkeys only while FIDO2 is on (decision 0968). */
export async function signInFactors(app: FastifyInstance, accountId: number): Promise<FactorRow[]> {
  const factors = await enabledFactorsOfAccount(app.db, accountId);
  return app.config.fido2.enabled ? factors : factors.filter((f) => f.type !== 'passkey');
}

export function renderFactorStep(
  reply: FastifyReply,
  status: number,
  uid: string,
  factors: FactorRow[],
  factorId: number,
  error: string | null,
) {
  const factor = factors.find((f) => f.id === factorId) ?? factors[0];
  const others = factors.filter((f) => f.id !== factor.id);
  return sendPage(reply, status, secondFactorPage(uid, factor, others, error, CODE_MINUTES));
}

/**
 * After a right password of a member with enabled second factors: asks for the first in their order (sending an
 * e-mail or SMS code if that is what it is).
 */
export async function beginSecondFactor(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  uid: string,
  accountId: number,
  factors: FactorRow[],
): Promise<FastifyReply> {
  securityLog(req, 'signed-in', { accountId, detail: 'password right, second factor asked' });
  await app.db.query(
    `INSERT INTO sign_in_challenges (uid, account_id, factor_id, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (uid) DO UPDATE SET account_id = EXCLUDED.account_id, factor_id = EXCLUDED.factor_id, expires_at = EXCLUDED.expires_at`,
    [uid, accountId, factors[0].id, minutesFromNow(CHALLENGE_MINUTES)],
  );
  const challenge = await loadChallenge(app.db, uid);
  secondFactorChallenges.inc({ outcome: 'issued' });
  const notice = await chooseFactor(app, uid, factors[0], challenge);
  return renderFactorStep(reply, 200, uid, factors, factors[0].id, notice);
}

/**
 * A wrong code at the second step (a factor's or a recovery code): the failure stays counted toward the lock-out, is
 * logged, and is answered FAILURE_ANSWER_MS after it arrived. Answers whether the account is locked now.
 */
export async function failedStep(
  app: FastifyInstance,
  req: FastifyRequest,
  challenge: Challenge,
  attempt: CountedTry,
  startedAt: number,
  event: 'second-factor-code-failed' | 'recovery-code-failed',
  detail: string,
): Promise<boolean> {
  signIns.inc({ outcome: 'failure' });
  await app.db.query('UPDATE sign_in_challenges SET attempts = attempts + 1 WHERE uid = $1', [challenge.uid]);
  const { after, before } = attempt;
  securityLog(req, event, { accountId: challenge.account_id, detail });
  if (after.lockCount > before.lockCount) securityLog(req, 'account-locked', { accountId: challenge.account_id });
  await recordFailedSignIn(
    app,
    req,
    challenge.account_id,
    'failure',
    `wrong ${detail === 'recovery code' ? detail : 'second-factor code'}`,
  );
  await answerFailureFrom(startedAt);
  return isLocked(after, new Date());
}

const codeForm = z.object({ code: z.string().max(20).default('') });
const chooseForm = z.object({ factorId: z.coerce.number().int().default(0) });

export interface StepTools {
  details: (req: FastifyRequest, reply: FastifyReply) => ReturnType<Provider['interactionDetails']>;
  /** `how`: the sign-in's way, shown in Security activity ('password and second factor'). */
  finish: (req: FastifyRequest, reply: FastifyReply, accountId: number, how?: string) => Promise<unknown>;
}

type Interaction = Awaited<ReturnType<StepTools['details']>>;

/** Back to the password: the challenge is gone, expired, or the account locked meanwhile. */
export async function restartSignIn(app: FastifyInstance, reply: FastifyReply, interaction: Interaction) {
  await app.db.query('DELETE FROM sign_in_challenges WHERE uid = $1', [interaction.uid]);
  const brand = await brandingFor(app, interaction.params.acr_values);
  return sendPage(reply, 401, signInPage(interaction.uid, brand, '', MESSAGES.signInFailed, app.config.fido2.enabled));
}

/** POST /signin/{uid}/factor (check a code) and /signin/{uid}/factor/choose (another factor, or a new code). */
export async function secondFactorStepRoutes(app: FastifyInstance, { details, finish }: StepTools): Promise<void> {
  const restart = (reply: FastifyReply, interaction: Interaction) => restartSignIn(app, reply, interaction);

  app.post('/signin/:uid/factor', { config: fastifyPublic, bodyLimit: 4096 }, async (req, reply) => {
    const startedAt = Date.now();
    if (await signInLimited(app, req, reply, 'sign-in-code')) return reply;
    const interaction = await details(req, reply);
    const challenge = await loadChallenge(app.db, interaction.uid);
    if (!challenge || (await isAccountLocked(app.db, challenge.account_id))) return restart(reply, interaction);
    const factors = await signInFactors(app, challenge.account_id);
    const factor = factors.find((f) => f.id === challenge.factor_id);
    if (!factor) return restart(reply, interaction);
    const form = codeForm.safeParse(req.body ?? {});
    const code = verificationCodeSchema.safeParse(form.success ? form.data.code : '');
    if (!code.success) return renderFactorStep(reply, 400, interaction.uid, factors, factor.id, code.error.issues[0].message);

    // Counted as a failure before it is compared, like a password (decision 0900).
    const counted = await countSignInTry(app.db, { accountId: challenge.account_id });
    if (counted.kind !== 'counted') return restart(reply, interaction);
    const step = factor.type === 'totp' && factor.secret ? totpStep(code.data, factor.secret, factor.last_used_step) : null;
    const isRight =
      factor.type === 'totp'
        ? step !== null
        : codeUsable({ expiresAt: challenge.code_expires_at, attempts: challenge.attempts }) &&
          codeMatches(salt(challenge.uid, factor.id), code.data, challenge.code_hash);
    secondFactorChallenges.inc({ outcome: isRight ? 'passed' : 'failed' });
    if (!isRight || !(await acceptTry(app.db, counted.attempt, true))) {
      const locked = await failedStep(app, req, challenge, counted.attempt, startedAt, 'second-factor-code-failed', factor.type);
      if (locked) return restart(reply, interaction);
      return renderFactorStep(reply, 401, interaction.uid, factors, factor.id, WRONG_CODE);
    }
    if (step !== null) await markTotpStepUsed(app.db, factor.id, step);
    await app.db.query('DELETE FROM sign_in_challenges WHERE uid = $1', [challenge.uid]);
    return finish(req, reply, challenge.account_id, 'password and second factor');
  });

  app.post('/signin/:uid/factor/choose', { config: fastifyPublic, bodyLimit: 4096 }, async (req, reply) => {
    if (await signInLimited(app, req, reply, 'sign-in-code')) return reply;
    const interaction = await details(req, reply);
    const challenge = await loadChallenge(app.db, interaction.uid);
    if (!challenge || (await isAccountLocked(app.db, challenge.account_id))) return restart(reply, interaction);
    const factors = await signInFactors(app, challenge.account_id);
    const form = chooseForm.safeParse(req.body ?? {});
    const chosen = factors.find((f) => f.id === (form.success ? form.data.factorId : 0));
    if (!chosen) return restart(reply, interaction);
    const notice = await chooseFactor(app, challenge.uid, chosen, challenge);
    return renderFactorStep(reply, notice ? 429 : 200, interaction.uid, factors, chosen.id, notice);
  });
}

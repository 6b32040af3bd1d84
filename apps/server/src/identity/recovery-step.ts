import { isRecoveryCodeShape, RECOVERY_CODE_MESSAGES } from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fastifyPublic } from '../lib/guard';
import { secondFactorChallenges } from '../lib/metrics';
import { securityLog } from '../lib/security-log';
import { matchRecoveryCode, spendRecoveryCode } from '../modules/recovery-codes/index';
import { securityEvent } from '../modules/security-activity/index';
import { matchStaffRecoveryCode, useStaffRecoveryCode } from '../modules/staff-recovery/index';
import { acceptTry, countSignInTry, isAccountLocked } from './credentials';
import { recoveryCodePage, sendPage, signInLimited } from './pages';
import { failedStep, loadChallenge, restartSignIn, type StepTools } from './second-factor-step';

const recoveryForm = z.object({ recoveryCode: z.string().max(40).optional() });

/** Where the mail about a used code sends the member: their second factors and recovery codes. */
export const RECOVERY_SETTINGS_PATH = '/account-settings/manage-authentications';

/**
 * POST /signin/{uid}/recovery (issue 32 §2, decision 1120): a recovery code in place of the second factor. Without a
 * code it shows the form; with one it is a try like a factor's code: the same rate limit, counted toward the same
 * lock-out before it is compared, answered as late when wrong. A right code is spent once and the member is mailed.
 */
export async function recoveryStepRoutes(app: FastifyInstance, { details, finish }: StepTools): Promise<void> {
  app.post('/signin/:uid/recovery', { config: fastifyPublic, bodyLimit: 4096 }, async (req, reply) => {
    const startedAt = Date.now();
    if (await signInLimited(app, req, reply, 'sign-in-code')) return reply;
    const interaction = await details(req, reply);
    const challenge = await loadChallenge(app.db, interaction.uid);
    if (!challenge || (await isAccountLocked(app.db, challenge.account_id))) return restartSignIn(app, reply, interaction);
    const form = recoveryForm.safeParse(req.body ?? {});
    const typed = form.success ? (form.data.recoveryCode ?? null) : '';
    if (typed === null) return sendPage(reply, 200, recoveryCodePage(interaction.uid, challenge.factor_id, null));
    if (!isRecoveryCodeShape(typed))
      return sendPage(reply, 400, recoveryCodePage(interaction.uid, challenge.factor_id, RECOVERY_CODE_MESSAGES.shape));

    // Counted as a failure before it is compared, like a password or a factor's code (decision 0900).
    const counted = await countSignInTry(app.db, { accountId: challenge.account_id });
    if (counted.kind !== 'counted') return restartSignIn(app, reply, interaction);
    const match = await matchRecoveryCode(app.db, challenge.account_id, typed);
    // Not one of the member's own codes: a one-time code from staff (issue 32 §4, decision 1132)?
    const staffCode = match ? null : await matchStaffRecoveryCode(app.db, challenge.account_id, typed);
    secondFactorChallenges.inc({ outcome: match || staffCode ? 'passed' : 'failed' });
    const settingsUrl = `${app.config.publicUrl}${RECOVERY_SETTINGS_PATH}`;
    const accountId = challenge.account_id;
    const usedEvent =
      match || staffCode
        ? await securityEvent(req, { accountId, kind: 'recovery-code-used', detail: staffCode ? 'one-time code from staff' : '' })
        : undefined;
    const accepted = (match || staffCode) && (await acceptTry(app.db, counted.attempt, true));
    const left =
      accepted && match
        ? await spendRecoveryCode(app.db, app.mailer, match, accountId, settingsUrl, usedEvent)
        : accepted && staffCode && (await useStaffRecoveryCode(app.db, staffCode, accountId, usedEvent))
          ? -1
          : null;
    if (left === null) {
      const locked = await failedStep(app, req, challenge, counted.attempt, startedAt, 'recovery-code-failed', 'recovery code');
      if (locked) return restartSignIn(app, reply, interaction);
      return sendPage(reply, 401, recoveryCodePage(interaction.uid, challenge.factor_id, RECOVERY_CODE_MESSAGES.wrong));
    }
    securityLog(req, 'recovery-code-used', { accountId, detail: left < 0 ? 'one-time code from staff' : `${left} left` });
    await app.db.query('DELETE FROM sign_in_challenges WHERE uid = $1', [challenge.uid]);
    return finish(req, reply, accountId, left < 0 ? 'password and one-time code from staff' : 'password and recovery code');
  });
}

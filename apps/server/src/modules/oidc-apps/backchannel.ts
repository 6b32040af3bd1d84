import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/index';
import type { JobDefinition } from '../../plugins/jobs';
import {
  dropBackchannelLogout,
  dueBackchannelLogouts,
  type PendingLogout,
  pruneBackchannelLogouts,
  queueBackchannelLogout,
  recordBackchannelFailure,
  recordBackchannelSent,
} from './repository';

/** The recurring job that sends the logout tokens of sessions Portico ended itself (decision 0997). */
export const BACKCHANNEL_LOGOUT_JOB = 'oidc-backchannel-logout';
/** Attempts per logout token before it is given up (kept, with its last error, for the operator). */
export const BACKCHANNEL_MAX_ATTEMPTS = 8;
/** Logout tokens sent at once by one run; each request has the provider's own 2.5 s timeout. */
const PARALLEL = 8;
const BATCH = 200;

/** Minutes before the next attempt after `attempts` failed ones: 1, 2, 4, ... up to an hour. */
export const retryDelayMinutes = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1));

/**
 * Posts one logout token (OpenID Connect Back-Channel Logout 1.0): the provider signs it (`typ` logout+jwt, iss, aud,
 * iat, exp, jti, events, sub, and sid when the client requires it) and posts it to the client's URI. 'gone' when the
 * client no longer exists, is disabled or no longer asks for back-channel logout.
 */
export async function sendLogoutToken(provider: Provider, logout: PendingLogout): Promise<'sent' | 'gone'> {
  const client = await provider.Client.find(logout.client_id);
  if (!client?.backchannelLogoutUri) return 'gone';
  // oidc-provider's Client has the method (lib/models/client.js); its type declarations leave it out.
  const send = client.backchannelLogout as (sub: string, sid?: string) => Promise<void>;
  await send.call(client, logout.account_id, logout.sid ?? undefined);
  return 'sent';
}

/** One run: sends every logout due, a few at a time; a failure is retried later, never blocks the others. */
export async function sendDueBackchannelLogouts(db: Db, provider: Provider, log: FastifyBaseLogger) {
  const due = await dueBackchannelLogouts(db, BACKCHANNEL_MAX_ATTEMPTS, BATCH);
  const tally = { sent: 0, failed: 0, gone: 0, pruned: await pruneBackchannelLogouts(db) };
  for (let i = 0; i < due.length; i += PARALLEL) {
    await Promise.all(
      due.slice(i, i + PARALLEL).map(async (logout) => {
        try {
          const outcome = await sendLogoutToken(provider, logout);
          if (outcome === 'gone') await dropBackchannelLogout(db, logout.id);
          else await recordBackchannelSent(db, logout.id);
          if (outcome === 'gone') tally.gone += 1;
          else tally.sent += 1;
        } catch (error) {
          const attempts = logout.attempts + 1;
          await recordBackchannelFailure(db, logout.id, String((error as Error).message).slice(0, 500), retryDelayMinutes(attempts));
          log.warn({ event: 'oidc-backchannel-logout-failed', clientId: logout.client_id, attempts }, 'back-channel logout failed');
          tally.failed += 1;
        }
      }),
    );
  }
  return tally;
}

/** The job: every minute, and when an instance starts (a run missed while every instance was down). */
export function backchannelLogoutJob(provider: Provider, log: FastifyBaseLogger): JobDefinition {
  return { name: BACKCHANNEL_LOGOUT_JOB, cron: '* * * * *', runOnStart: true, run: (db) => sendDueBackchannelLogouts(db, provider, log) };
}

/**
 * The provider's own sending at sign-out (end_session) is the first attempt: a failed one is written for the job to
 * retry, and logged. A success is logged.
 */
export function followBackchannelLogouts(provider: Provider, db: Db, log: FastifyBaseLogger): void {
  provider.on('backchannel.success', (_ctx, client, accountId) => {
    log.info({ event: 'oidc-backchannel-logout', clientId: client.clientId, accountId }, 'back-channel logout sent');
  });
  provider.on('backchannel.error', (_ctx, error, client, accountId, sid) => {
    log.warn({ event: 'oidc-backchannel-logout-failed', clientId: client.clientId, attempts: 1 }, 'back-channel logout failed');
    queueBackchannelLogout(db, { clientId: client.clientId, accountId, sid, error: String(error?.message ?? error).slice(0, 500) }).catch(
      (err) => log.error({ err }, 'could not queue a back-channel logout retry'),
    );
  });
}

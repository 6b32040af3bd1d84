import {
  type DismissSharedLoginRequest,
  SHARED_LOGIN_MESSAGES as M,
  SHARED_LOGIN_KIND_LABELS,
  type SharedLoginDetail,
  type SharedLoginKind,
  type SharedLoginMember,
  type SharedLoginSettings,
  type SharedLoginThresholds,
  type Viewer,
} from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { endOtherSessions } from '../../identity/sessions';
import { badRequest } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import type { Mailer } from '../../lib/mailer';
import type { JobDefinition } from '../../plugins/jobs';
import { issueCitation, sendNotice } from '../citations/index';
import { presentFlag, presentMember, presentQueueRow, presentSettings, presentSignIn, summaryOf } from './presenter';
import {
  accessRuleId,
  campaignTypeId,
  deleteSignalsBefore,
  dismissFlag,
  findAccount,
  flagsOf,
  type MemberRow,
  openQueue,
  readSettings,
  recentSignals,
  requireResetAndFactor,
  saveSettings,
} from './repository';

/** How long signals are kept, and how far back the timeline of a member reaches. */
export const SIGNAL_DAYS = 90;
const TIMELINE_LIMIT = 100;

/** The guards' row (routes.ts): the member account named by the path's accountId (404 when there is none). */
export const accountInPath = rowLoader<MemberRow, { params: { accountId: number } }>(
  'member account (path accountId)',
  M.notFound,
  ({ db, params }) => findAccount(db, params.accountId),
);

export async function currentSettings(q: Queryable): Promise<SharedLoginSettings> {
  return presentSettings(await readSettings(q));
}

export async function changeSettings(db: Db, t: SharedLoginThresholds, by: number | null): Promise<SharedLoginSettings> {
  return presentSettings(await db.tx((q) => saveSettings(q, t, by)));
}

export async function queueOf(
  db: Db,
  aorId: number | null,
  page: { pageId: number; pageSize: number },
): Promise<{ members: SharedLoginMember[]; totalResults: number; totalPages: number }> {
  const { rows, total } = await openQueue(db, aorId, page);
  return { members: rows.map(presentQueueRow), totalResults: total, totalPages: Math.ceil(total / page.pageSize) };
}

export async function detailOf(db: Db, account: MemberRow): Promise<SharedLoginDetail> {
  const [flags, signIns] = await Promise.all([flagsOf(db, account.id), recentSignals(db, account.id, SIGNAL_DAYS, TIMELINE_LIMIT)]);
  return {
    member: presentMember(account),
    flags: flags.map(presentFlag),
    signIns: signIns.map(presentSignIn),
    resetRequired: account.required_password_update,
  };
}

export async function dismiss(db: Db, account: MemberRow, body: { flagId: number; reason: string }, by: number | null): Promise<void> {
  const done = await db.tx((q) => dismissFlag(q, account.id, body.flagId, body.reason, by));
  if (!done) throw badRequest(M.flagRequired, [{ field: 'flagId' satisfies keyof DismissSharedLoginRequest, message: M.flagRequired }]);
}

/** The open flags in a few words: 'Impossible travel (Los Angeles ... to New York ...)'. */
async function openFlagsText(q: Queryable, accountId: number): Promise<string> {
  const open = (await flagsOf(q, accountId)).filter((f) => f.state === 'open');
  const kinds = open.map(
    (f) => `${SHARED_LOGIN_KIND_LABELS[f.kind as SharedLoginKind]} (${summaryOf(f.kind as SharedLoginKind, f.evidence)})`,
  );
  return kinds.join('; ') || 'sign-ins reviewed by staff';
}

/** Notification and queued mail to the member and a copy to the office's brokers, in one transaction. */
export async function notify(db: Db, mailer: Mailer, account: MemberRow): Promise<void> {
  await db.tx(async (q) => {
    await sendNotice(q, mailer, {
      memberId: account.member_id,
      campaignTypeId: await campaignTypeId(q),
      subjectOf: (role) => (role === 'member' ? M.noticeSubject : M.copySubject(account.name)),
      text: M.noticeText(account.name, await openFlagsText(q, account.id)),
      at: new Date(),
    });
  });
}

/**
 * Signs the member out everywhere and owes a password change and a new second factor at the next sign-in: the
 * password gate of decision 0931 and the new-factor gate of decision 1132, so nothing else opens before both.
 */
export async function requireReset(db: Db, account: MemberRow, event: (q: Queryable) => Promise<void>): Promise<void> {
  await db.tx(async (q) => {
    await requireResetAndFactor(q, account);
    await endOtherSessions(q, account.id, null);
    await event(q);
  });
}

/** A citation under the rule book's access rule (the password-sharing rule), the open flags as its facts. */
export async function cite(db: Db, mailer: Mailer, viewer: Viewer, zone: string, account: MemberRow): Promise<number> {
  const ruleId = await accessRuleId(db);
  if (!ruleId) throw badRequest(M.noRule, [{ field: 'ruleId', message: M.noRule }]);
  const facts = M.citationFacts(await openFlagsText(db, account.id)).slice(0, 2000);
  const citation = await issueCitation(db, mailer, viewer, zone, {
    ruleId,
    loginId: account.login_id,
    listingId: null,
    source: 'direct',
    facts,
  });
  return citation.id;
}

export const SIGNALS_RETENTION_JOB = 'sign-in-signals-retention';

/** Nightly: signals older than 90 days are deleted (the flags keep their own evidence). */
export const signalsRetentionJob: JobDefinition = {
  name: SIGNALS_RETENTION_JOB,
  cron: '45 3 * * *',
  run: async (db) => ({ deleted: (await deleteSignalsBefore(db, SIGNAL_DAYS)).length }),
};

import {
  addBusinessDays,
  addDays,
  addressKey,
  type BusinessCalendar,
  type ClearCoopWatchOutcome,
  clearCoopCaseDueAt,
  clearCoopDeadline,
  dueWithinFrom,
  formatDateTimeIn,
  formatDateUs,
  isActiveStatus,
  CLEAR_COOP_MESSAGES as M,
  todayIn,
} from '@portico/shared';
import type { Db } from '../../db/index';
import type { Mailer } from '../../lib/mailer';
import type { JobDefinition } from '../../plugins/jobs';
import { insertWorkItem } from '../cases/index';
import { loadBusinessCalendar, readMarketingGraceDays } from '../compliance/index';
import { createNotifications } from '../notifications/index';
import {
  alertOf,
  attachCase,
  caseFactsOf,
  complianceCampaignTypeId,
  type FeedCandidate,
  feedCandidates,
  hasUnkeyedFeedRows,
  markMatched,
  recipientsOf,
  recordEvent,
  setAlerted,
  storeDeadlines,
  type WatchedRow,
  watchedPage,
} from './watch-repository';

export const CLEAR_COOP_JOB = 'clear-cooperation-watch';
/** The case kind the watch opens (migration 1080). */
export const CLEAR_COOP_CASE_DEFINITION = 1080;
const PAGE = 2_000;
/** A feed listing by address matches an agreement signed at most this many days after its MLS contract date. */
const CONTRACT_SLACK_DAYS = 30;

interface WatchContext {
  db: Db;
  mailer: Mailer;
  zone: string;
  now: Date;
  calendar: BusinessCalendar;
  grace: number;
  /** Some feed rows still wait for their address key (the backfill of decision 1160): no alert nor case this run. */
  holdEscalations: boolean;
  /** The deadlines counted this run, by exemption and dates (deadlineOf). */
  deadlines: Map<string, Deadlines>;
  outcome: ClearCoopWatchOutcome;
}

interface Deadlines {
  deadline: ReturnType<typeof clearCoopDeadline>;
  dueSoonAt: Date | null;
}

/**
 * The feed listing that is this agreement's copy in the MLS: the same listing ID, or the same normalised address with
 * an MLS contract date no earlier than 30 days before the agreement's (an older listing of the address, sold years ago,
 * is another agreement). Active ones first, then the latest contract.
 */
function matchOf(r: WatchedRow, key: string | null, byId: Map<string, FeedCandidate>, byAddress: Map<string, FeedCandidate[]>) {
  const same = byId.get(r.listing_id);
  if (same) return same;
  if (!key) return null;
  const earliest = addDays(r.listing_contract_date, -CONTRACT_SLACK_DAYS);
  const found = (byAddress.get(key) ?? []).filter((c) => c.listing_contract_date >= earliest);
  found.sort(
    (a, b) =>
      Number(isActiveStatus(b.standard_status)) - Number(isActiveStatus(a.standard_status)) ||
      (a.listing_contract_date < b.listing_contract_date ? 1 : -1),
  );
  return found[0] ?? null;
}

/**
 * A listing's deadline and the moment it is due soon: the same for every listing of the same exemption and dates, so
 * counted once a run (decision 1160). On the business calendar each costs about a millisecond of one core, most of a
 * 100,000-listing run when counted for each; a run meets a few hundred distinct dates.
 */
function deadlineOf(ctx: WatchContext, r: WatchedRow): Deadlines {
  const memo = `${r.exemption_kind}|${r.start_showing_date ?? ''}|${r.mls_due_on ?? ''}`;
  let found = ctx.deadlines.get(memo);
  if (!found) {
    const facts = { exemptionKind: r.exemption_kind, startMarketingDate: r.start_showing_date, mlsDueOn: r.mls_due_on };
    const deadline = clearCoopDeadline(ctx.calendar, facts, ctx.grace);
    found = { deadline, dueSoonAt: deadline ? dueWithinFrom(ctx.calendar, deadline, 1) : null };
    ctx.deadlines.set(memo, found);
  }
  return found;
}

/** One page: match to the feed, store the deadlines, then alert or open cases for the overdue. */
async function watchPage(ctx: WatchContext, rows: WatchedRow[]): Promise<void> {
  const keys = new Map(rows.map((r) => [r.id, addressKey(r.unparsed_address, r.postal_code)]));
  const candidates = await feedCandidates(
    ctx.db,
    rows.map((r) => r.listing_id),
    [...new Set([...keys.values()].filter((k): k is string => !!k))],
  );
  const byId = new Map(candidates.map((c) => [c.mls_listing_id, c]));
  const byAddress = new Map<string, FeedCandidate[]>();
  for (const c of candidates) if (c.address_key) byAddress.set(c.address_key, [...(byAddress.get(c.address_key) ?? []), c]);

  const today = todayIn(ctx.zone, ctx.now);
  const matches: Array<{ id: number; key: string; early: boolean; row: WatchedRow }> = [];
  const overdue: Array<{ row: WatchedRow; deadline: string; key: string | null }> = [];
  const deadlines: Array<{ id: number; on: string | null; at: Date | null; dueSoonAt: Date | null }> = [];
  for (const r of rows) {
    const key = keys.get(r.id) ?? null;
    const match = matchOf(r, key, byId, byAddress);
    if (match) {
      // Active in the MLS before the registered start marketing date: flagged to staff, not to the member.
      const early = isActiveStatus(match.standard_status) && !!r.start_showing_date && today < r.start_showing_date;
      matches.push({ id: r.id, key: match.key, early, row: r });
      continue;
    }
    const { deadline, dueSoonAt } = deadlineOf(ctx, r);
    deadlines.push({ id: r.id, on: deadline?.date ?? null, at: deadline?.endsAt ?? null, dueSoonAt });
    // A case already open for this deadline (the stored one) leaves nothing to do: no look-up.
    const hasCase = r.mls_case_id !== null && r.mls_deadline_on === deadline?.date;
    if (deadline && !hasCase && ctx.now.getTime() >= deadline.endsAt.getTime()) overdue.push({ row: r, deadline: deadline.date, key });
  }
  ctx.outcome.examined += rows.length;
  if (matches.length) {
    await ctx.db.tx(async (q) => {
      await markMatched(q, matches, ctx.now);
      for (const m of matches.filter((x) => x.early)) {
        const id = await recordEvent(q, {
          listingId: m.id,
          kind: 'marketed-early',
          deadlineOn: m.row.start_showing_date as string,
          facts: { mlsListingKey: m.key, startMarketingDate: m.row.start_showing_date, seenOn: ctx.now.toISOString() },
          at: ctx.now,
        });
        if (id) ctx.outcome.marketedEarly += 1;
      }
    });
    ctx.outcome.matched += matches.length;
  }
  await storeDeadlines(ctx.db, deadlines);
  // A listing found nowhere may be at an address the backfill has not keyed yet: its alert waits for the keys.
  if (ctx.holdEscalations) ctx.outcome.held += overdue.length;
  else for (const o of overdue) await escalate(ctx, o.row, o.deadline, o.key);
}

/** What the watch tried before it found nothing: the facts a case carries. */
const matchesTried = (r: WatchedRow, key: string | null) =>
  `Listing ID ${r.listing_id}; address ${key ? `key ${key}` : 'without a street number or postal code to match'}`;

/**
 * An overdue listing: the alert first (once per deadline), then, once the next business day after it has ended, the
 * case (once per deadline). Each step is one transaction whose unique event row decides which run does it.
 */
async function escalate(ctx: WatchContext, r: WatchedRow, deadlineOn: string, key: string | null): Promise<void> {
  const deadlineText = formatDateUs(deadlineOn);
  const alert = await alertOf(ctx.db, r.id, deadlineOn);
  if (!alert) {
    await ctx.db.tx(async (q) => {
      const recipients = await recipientsOf(q, r.id);
      // The case opens at the end of the next business day after this alert (clearCoopCaseDueAt).
      const caseDate = formatDateUs(addBusinessDays(ctx.calendar, ctx.now, 1).date);
      const facts = {
        deadline: deadlineOn,
        startMarketingDate: r.start_showing_date,
        mlsDueOn: r.mls_due_on,
        matchesTried: matchesTried(r, key),
        alertedTo: recipients.map((p) => `${p.name} (${p.role})`),
      };
      const id = await recordEvent(q, { listingId: r.id, kind: 'alert', deadlineOn, facts, at: ctx.now });
      if (!id) return;
      await setAlerted(q, r.id, ctx.now);
      const p = { listingId: r.listing_id, address: r.unparsed_address, deadline: deadlineText, caseDate };
      const campaignTypeId = await complianceCampaignTypeId(q);
      await createNotifications(
        q,
        recipients.map((m) => ({
          memberId: m.id,
          campaignTypeId,
          subject: M.alertSubject(r.listing_id),
          body: M.alertBody(p),
          priority: 1,
          isRead: false,
          createdOn: ctx.now,
        })),
      );
      for (const m of recipients) {
        if (m.email)
          await ctx.mailer.queue(q, { to: m.email, subject: M.alertSubject(r.listing_id), text: M.alertText({ ...p, name: m.name }) });
      }
      ctx.outcome.alerted += 1;
    });
    return;
  }
  if (ctx.now.getTime() < clearCoopCaseDueAt(ctx.calendar, alert.created_on).getTime()) return;
  await ctx.db.tx(async (q) => {
    const id = await recordEvent(q, {
      listingId: r.id,
      kind: 'case',
      deadlineOn,
      facts: { ...alert.facts, matchesTried: matchesTried(r, key) },
      at: ctx.now,
    });
    if (!id) return;
    const who = await caseFactsOf(q, r.id);
    const item = await insertWorkItem(q, {
      definitionId: CLEAR_COOP_CASE_DEFINITION,
      title: M.caseTitle(r.listing_id, r.unparsed_address),
      contactMemberId: r.list_agent_member_id,
      aorId: r.aor_id,
      fields: {
        ListingId: r.listing_id,
        Address: r.unparsed_address,
        ListAgent: who ? `${who.agent_name ?? ''} (${who.agent_mls_id})` : '',
        Office: who ? `${who.office_name ?? ''} (${who.office_code ?? ''})` : '',
        StartMarketingDate: formatDateUs(r.start_showing_date),
        Deadline: deadlineText,
        AlertedOn: formatDateTimeIn(ctx.zone, alert.created_on),
        AlertedTo: ((alert.facts.alertedTo as string[] | undefined) ?? []).join(', '),
        MatchesTried: matchesTried(r, key),
      },
      createdByMemberId: null,
      createdBy: M.title,
    });
    await attachCase(q, id, r.id, item.id);
    ctx.outcome.casesOpened += 1;
  });
}

/**
 * One run of the watch (issue 29 section 3, decision 1080), as at `now`: walks every registered listing not sent nor
 * matched, page by page. It never keys the feed's addresses itself (decision 1160: the feed's upsert keys what it writes,
 * `keyFeedAddresses` the older rows): while some feed row is unkeyed it matches and counts deadlines, but holds the
 * alerts and cases of the listings it found nowhere. Safe to run on several instances at once: every alert and
 * case is decided by a unique event row, so each happens once per listing and deadline. `only` limits it to some
 * listings (the demo's trigger, so that a journey moving the watch's clock leaves the demo's other listings alone).
 */
export async function runClearCoopWatch(
  db: Db,
  mailer: Mailer,
  zone: string,
  now: Date = new Date(),
  only: number[] | null = null,
): Promise<ClearCoopWatchOutcome> {
  const outcome: ClearCoopWatchOutcome = { held: 0, examined: 0, matched: 0, marketedEarly: 0, alerted: 0, casesOpened: 0 };
  const [{ calendar }, grace, holdEscalations] = await Promise.all([
    loadBusinessCalendar(db, zone, now),
    readMarketingGraceDays(db),
    hasUnkeyedFeedRows(db),
  ]);
  const ctx: WatchContext = { db, mailer, zone, now, calendar, grace, holdEscalations, deadlines: new Map(), outcome };
  for (let after = 0; ; ) {
    const rows = await watchedPage(db, after, PAGE, only);
    if (rows.length === 0) break;
    await watchPage(ctx, rows);
    after = rows[rows.length - 1].id;
  }
  return outcome;
}

/** The watch on the job queue: every 15 minutes, once when an instance starts, and after each feed sync (feature.ts). */
export function clearCoopWatchJob(mailer: Mailer, zone: string): JobDefinition {
  return {
    name: CLEAR_COOP_JOB,
    cron: '*/15 * * * *',
    runOnStart: true,
    run: (db) => runClearCoopWatch(db, mailer, zone),
  };
}

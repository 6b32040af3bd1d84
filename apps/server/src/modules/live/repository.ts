import { CHAT_WORK_ITEM_DEFINITION_ID, LIVE_CHANNEL, LIVE_MEMBERS_PER_SIGNAL, type LiveSignal } from '@portico/shared';
import type { Queryable } from '../../db/index';

/**
 * Signals go out with NOTIFY on the writer's own connection: inside a transaction PostgreSQL delivers them at
 * COMMIT, and not at all on ROLLBACK, so no stream hears of a write that did not happen.
 */
async function notify(q: Queryable, signal: LiveSignal): Promise<void> {
  await q.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(signal)]);
}

/** New or changed notifications of these members (payloads stay under NOTIFY's 8000 bytes). */
export async function publishNotifications(q: Queryable, memberIds: number[]): Promise<void> {
  const unique = [...new Set(memberIds)];
  for (let i = 0; i < unique.length; i += LIVE_MEMBERS_PER_SIGNAL) {
    await notify(q, { kind: 'notifications', memberIds: unique.slice(i, i + LIVE_MEMBERS_PER_SIGNAL) });
  }
}

/** Some system message changed: a hint only, each browser refetches its own audience's list (a 304 when unchanged). */
export async function publishSystemNotifications(q: Queryable): Promise<void> {
  await notify(q, { kind: 'system-notifications' });
}

/** A case was opened or changed, or a chat message was written in it; who may hear of it is decided per stream. */
export async function publishCase(q: Queryable, workItemId: number, chatBy: 'member' | 'staff' | null = null): Promise<void> {
  const row = await q.one<{ aor_id: number | null; contact_member_id: number | null; is_chat: boolean }>(
    `SELECT w.aor_id, w.contact_member_id, w.work_item_definition_id = $2 AS is_chat FROM work_items w WHERE w.id = $1`,
    [workItemId, CHAT_WORK_ITEM_DEFINITION_ID],
  );
  if (!row) return;
  await notify(q, {
    kind: 'case',
    workItemId,
    aorId: row.aor_id,
    contactMemberId: row.contact_member_id,
    isChat: row.is_chat,
    chatBy,
  });
}

/** The MLS data feed's sync moved on: MLS staff's screen refetches its status (decision 0986). */
export async function publishFeed(q: Queryable): Promise<void> {
  await notify(q, { kind: 'feed' });
}

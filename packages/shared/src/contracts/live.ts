import { z } from 'zod';

/**
 * Live updates (decision 0977): one Server-Sent Events stream per signed-in tab at `GET api/app/Events`, read with
 * fetch so that it carries the bearer token like every other call. Writers signal through PostgreSQL NOTIFY on one
 * channel; every instance LISTENs and tells its own streams what concerns their member.
 */
export const LIVE_EVENTS_PATH = '/api/app/Events';
export const LIVE_CHANNEL = 'portico_live';
/** A comment line this often keeps proxies from closing an idle stream; the session is checked again each time. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** The browser waits this long before it connects again after a stream ended or failed (doubling, up to the max). */
export const LIVE_RETRY_MS = 2_000;
export const LIVE_RETRY_MAX_MS = 60_000;
/** Streams per member (tabs) and per instance; more are refused with 429 and those tabs poll as before. */
export const LIVE_STREAMS_PER_MEMBER = 5;
export const LIVE_STREAMS_PER_INSTANCE = 2_000;
/** While a stream is connected the bells and the chat still poll, this rarely, in case a signal was lost. */
export const LIVE_CONNECTED_POLL_MS = 15 * 60_000;

const id = z.number().int().positive();

/** What a writer NOTIFYs (at most 8000 bytes: member lists are sent in chunks of LIVE_MEMBERS_PER_SIGNAL). */
export const liveSignalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('notifications'), memberIds: z.array(id).max(1000) }),
  z.object({ kind: z.literal('system-notifications') }),
  z.object({
    kind: z.literal('case'),
    workItemId: id,
    aorId: id.nullable(),
    contactMemberId: id.nullable(),
    isChat: z.boolean(),
    /** A chat message was written: by the case's member or by staff; null when only the case changed. */
    chatBy: z.enum(['member', 'staff']).nullable(),
  }),
  /** The MLS data feed's sync moved on (a run started, a page committed, a run ended): MLS staff's screen refetches. */
  z.object({ kind: z.literal('feed') }),
]);
export type LiveSignal = z.infer<typeof liveSignalSchema>;
export const LIVE_MEMBERS_PER_SIGNAL = 500;

/** What a stream sends its browser (the SSE event name and its JSON data). */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** Signals may have been missed (the instance's listening connection was re-opened): refetch everything. */
  z.object({ type: z.literal('resync') }),
  z.object({ type: z.literal('notifications') }),
  z.object({ type: z.literal('system-notifications') }),
  z.object({ type: z.literal('cases') }),
  /** A chat's thread changed: a message (`fromStaff` says whose) or its status. */
  z.object({ type: z.literal('chat'), workItemId: id, fromStaff: z.boolean() }),
  /** The MLS data feed's sync moved on (level 5 only). */
  z.object({ type: z.literal('feed') }),
  /** The server ends the stream: the session ended or the token expired (the browser reconnects with a fresh one). */
  z.object({ type: z.literal('end'), reason: z.enum(['signed-out', 'token-expired', 'shutdown']) }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

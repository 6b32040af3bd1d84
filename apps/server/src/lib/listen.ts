import pg from 'pg';
import type { Db } from '../db/index';

export interface Listening {
  stop(): Promise<void>;
}

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** The connection was lost and is back: signals sent in between were missed. */
  onReconnect(): void;
  onError(error: unknown): void;
}

const RECONNECT_MS = 1_000;

/**
 * One dedicated connection per instance and channel LISTENs (the live channel, decision 0977; the change signals,
 * decision 0998). PGlite has one connection and its own `listen`; on PostgreSQL a client of its own, outside the
 * pools, opened again whenever it drops.
 */
export async function listen(db: Db, channel: string, handlers: ListenHandlers): Promise<Listening> {
  if ('pglite' in db.jobTarget) {
    const unlisten = await db.jobTarget.pglite.listen(channel, handlers.onPayload);
    return { stop: () => unlisten() };
  }
  const url = db.jobTarget.url;
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    const retry = (error: unknown) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      if (stopped) return;
      handlers.onError(error);
      timer = setTimeout(() => void connect(true), RECONNECT_MS);
    };
    client = next;
    next.on('notification', (message) => message.payload !== undefined && handlers.onPayload(message.payload));
    next.on('error', retry);
    next.on('end', () => retry(new Error('The live listening connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (isReconnect) handlers.onReconnect();
    } catch (error) {
      if (!isReconnect) {
        client = null;
        await next.end().catch(() => undefined);
        throw error;
      }
      retry(error);
    }
  };

  await connect(false);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/open';
import { loadIdentityKeys } from '../../apps/server/src/identity/keys';
import { seedDemoIfEmpty } from '../../apps/server/src/seed/index';
import { type CompiledServer, type serversToCompare, startCompiledServer, withoutExternalProvider } from './compiled-server';
import { tokenSigner } from './tokens';

/** The signed-in calls the profiling tools measure (issue 33): the member's profile and three shared dashboard calls. */
export const PROFILED_CALLS = [
  { key: 'AuthMemberDto', path: '/api/app/Members/AuthMemberDto' },
  { key: 'SystemNotifications', path: '/api/app/SystemNotifications' },
  { key: 'AudienceApplications', path: '/api/app/AudienceApplications/' },
  { key: 'GenericContainers', path: '/api/app/GenericContainers/' },
];

export type ServerToCompare = ReturnType<typeof serversToCompare>[number];

/** What `loadConfig` needs for a server's own issuer and database (its full environment is `startCompiledServer`'s). */
export const demoEnv = (dataDir: string, port: number): NodeJS.ProcessEnv => ({
  ...withoutExternalProvider(process.env),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  // PROFILE_DATABASE_URL: a PostgreSQL database (an empty one is seeded with the demo) instead of PGlite.
  DATABASE_URL: process.env.PROFILE_DATABASE_URL ?? '',
});

/** A demo-seeded database and tokens of members with no password change due, for the server on `port`. */
export async function prepareDemo(dataDir: string, port: number): Promise<string[]> {
  const config = loadConfig(demoEnv(dataDir, port));
  const db = await openDatabase(config);
  try {
    await seedDemoIfEmpty(db, config.mlsTimeZone);
    await loadIdentityKeys(db);
    const rows = await db.query<{ id: number }>(
      `SELECT a.id FROM accounts a JOIN members m ON m.id = a.member_id
       WHERE NOT m.required_password_update ORDER BY a.id LIMIT 40`,
    );
    const sign = await tokenSigner(db, config);
    return Promise.all(rows.map((r) => sign(r.id)));
  } finally {
    await db.close();
  }
}

/** A compiled server, as `npm start` runs it (bench/lib/compiled-server.ts), on its own demo database. */
export function startDemoServer(
  server: ServerToCompare,
  options: {
    port: number;
    dataDir: string;
    level: string;
    logFile: string;
    nodeArgs?: string[];
    wrapper?: string[];
    readyWithinMs?: number;
  },
): Promise<CompiledServer> {
  const config = loadConfig(demoEnv(options.dataDir, options.port));
  return startCompiledServer({
    config,
    database: { dataDir: options.dataDir, databaseUrl: config.databaseUrl ?? '' },
    level: options.level,
    port: options.port,
    logFile: options.logFile,
    server: server.path,
    nodeArgs: [...server.nodeArgs, ...(options.nodeArgs ?? [])],
    wrapper: options.wrapper,
    readyWithinMs: options.readyWithinMs,
  });
}

/** A member every profiled call answers 200 for. */
export async function pickToken(url: string, tokens: string[]): Promise<string> {
  for (const token of tokens) {
    const statuses = await Promise.all(
      PROFILED_CALLS.map((c) => fetch(`${url}${c.path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)),
    );
    if (statuses.every((s) => s === 200)) return token;
  }
  throw new Error('no demo member is answered 200 by every measured call');
}

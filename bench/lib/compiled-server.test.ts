import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config';
import { announced, serverEnv, serversToCompare } from './compiled-server';

describe("a compiled server's environment in the pipeline section (decision 1190)", () => {
  const bench = loadConfig({ ...process.env, PORT: '3500', PUBLIC_URL: 'http://127.0.0.1:3500', DATABASE_URL: '', OIDC_ISSUER: undefined });
  const database = { dataDir: '/tmp/portico-bench-servers-x/info', databaseUrl: '' };

  it("verifies the bench's tokens as the embedded provider's, on its own port and at its own level", () => {
    const env = serverEnv(bench, database, 'info', 3505, process.env);
    const server = loadConfig(env);
    expect(server.embeddedIdentity).toBe(true);
    expect(server.issuer).toBe(bench.issuer);
    expect(server.audience).toBe(bench.audience);
    expect([env.PORT, env.LOG_LEVEL, env.DATA_DIR]).toEqual(['3505', 'info', database.dataDir]);
  });

  it("drops an external provider's settings from the bench's environment", () => {
    const env = serverEnv(bench, database, 'warn', 3506, {
      ...process.env,
      OIDC_ISSUER: bench.issuer,
      OIDC_JWKS_URL: 'https://idp.example/jwks',
    });
    expect(Object.keys(env).filter((name) => name.startsWith('OIDC_'))).toEqual([]);
    expect(loadConfig(env).embeddedIdentity).toBe(true);
  });
});

describe("a compiled server's start (its line in its log file)", () => {
  const dirs: string[] = [];
  const children: Array<ReturnType<typeof spawn>> = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A stand-in for a server: a Node process that writes `script`'s output to the end of `logFile`. */
  function processWriting(logFile: string, script: string) {
    const out = openSync(logFile, 'a');
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', out, 'inherit'] });
    closeSync(out);
    children.push(child);
    return child;
  }

  function logWithAnEarlierServersLine(): string {
    const dir = mkdtempSync(join(tmpdir(), 'portico-announced-'));
    dirs.push(dir);
    const logFile = join(dir, 'fresh.log');
    appendFileSync(logFile, '\nPortico is running at http://127.0.0.1:3507 (demo mode)\n');
    return logFile;
  }

  it("does not take an earlier process's line in the same file for this one's", async () => {
    const logFile = logWithAnEarlierServersLine();
    const from = statSync(logFile).size;
    const silent = processWriting(logFile, 'setTimeout(() => {}, 10000)');
    await expect(announced(logFile, from, silent, 1500)).rejects.toThrow('did not listen within 1.5 s');
  });

  it('resolves once the process itself writes the line', async () => {
    const logFile = logWithAnEarlierServersLine();
    const from = statSync(logFile).size;
    const server = processWriting(
      logFile,
      "setTimeout(() => console.log('Portico is running at http://127.0.0.1:3507'), 300); setTimeout(() => {}, 10000)",
    );
    await expect(announced(logFile, from, server, 30_000)).resolves.toBeUndefined();
  });

  it('rejects when the process ends before it listens', async () => {
    const logFile = logWithAnEarlierServersLine();
    const from = statSync(logFile).size;
    const failing = processWriting(logFile, 'process.exit(3)');
    await expect(announced(logFile, from, failing, 30_000)).rejects.toThrow('it ended (3) before it listened');
  });
});

describe('the builds to compare (PROFILE_SERVERS)', () => {
  it("reads name=path pairs from the repository root, with a build's Node flags after + signs", () => {
    const [before, semi] = serversToCompare(
      'before=apps/server/.ab/before/server.js,semi=apps/server/dist/server.js+--max-semi-space-size=64+--no-opt',
    );
    expect(before).toMatchObject({ name: 'before', nodeArgs: [], index: 0 });
    expect(before.path.endsWith('/apps/server/.ab/before/server.js')).toBe(true);
    expect(semi).toMatchObject({ name: 'semi', nodeArgs: ['--max-semi-space-size=64', '--no-opt'], index: 1 });
    expect(semi.path.endsWith('/apps/server/dist/server.js')).toBe(true);
  });

  it('is the current build alone by default', () => {
    expect(serversToCompare()).toEqual([expect.objectContaining({ name: 'compiled', nodeArgs: [] })]);
  });
});

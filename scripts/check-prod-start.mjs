// Proves the production start (issue 18 §1, what the Dockerfile does): copies the built tree (the package manifests,
// the lockfile, apps/server/dist and apps/web/dist; no sources) to a temporary directory, installs the server's
// production dependencies only (`npm ci --omit=dev -w @portico/server`), starts `node apps/server/dist/server.js` on
// the embedded database and waits for /readyz and the app shell. Run after `npm run build` (npm run test:prod).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, STAMP_FILE } from './build-stamp.mjs';
import { checkProtocols, loopbackReceiver } from './prod-protocols.mjs';

const PORT = Number(process.env.PROD_CHECK_PORT ?? 3139);
const WORKSPACES = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench'];
const fail = (message) => {
  console.error(`FAIL: ${message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
};
if (!existsSync(STAMP_FILE)) fail('no build: run `npm run build` first');

const dir = mkdtempSync(join(tmpdir(), 'portico-prod-'));
const copy = (path) => cpSync(join(ROOT, path), join(dir, path), { recursive: true });
for (const file of ['package.json', 'package-lock.json', '.npmrc', 'apps/server/dist', 'apps/web/dist']) copy(file);
for (const ws of WORKSPACES) copy(`${ws}/package.json`);

console.log(`Installing the production dependencies in ${dir} ...`);
const started = Date.now();
const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '-w', '@portico/server'], { cwd: dir, encoding: 'utf8' });
if (install.status !== 0) fail(`npm ci --omit=dev failed:\n${install.stderr.slice(-2000)}`);
for (const devOnly of ['tsx', 'vite', 'typescript', 'esbuild', 'vitest']) {
  if (existsSync(join(dir, 'node_modules', devOnly))) fail(`a development dependency was installed: ${devOnly}`);
}
console.log(`Installed in ${((Date.now() - started) / 1000).toFixed(0)} s; starting node apps/server/dist/server.js on port ${PORT}`);

// The bundle's namespace imports of CommonJS packages, as Node ESM sees them with the production dependencies
// (issue 26 §1: samlify's `Utility` was undefined in the compiled server only).
const imports = spawnSync(process.execPath, [join(ROOT, 'scripts/check-bundle-imports.mjs'), join(dir, 'apps/server/dist')], {
  encoding: 'utf8',
});
if (imports.status !== 0) fail(`the compiled server's imports: ${imports.stderr.trim() || imports.stdout.trim()}`);
console.log(imports.stdout.trim());

// In production without its settings the compiled server refuses to start, in one line (decision 0940).
const refused = spawnSync(process.execPath, ['apps/server/dist/server.js'], {
  cwd: dir,
  encoding: 'utf8',
  env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: join(dir, 'refused') },
  timeout: 60_000,
});
const refusal = refused.stderr.trim();
if (refused.status !== 1 || refusal.split('\n').length !== 1 || !/PUBLIC_URL.*SMTP_URL.*PORTICO_SECRET_KEY/.test(refusal)) {
  fail(`production without its settings did not refuse in one line (exit ${refused.status}): ${refusal.slice(0, 500)}`);
}
console.log(`Production without settings refused: ${refusal}`);

// The embedded defaults, as on a fresh machine: no PUBLIC_URL, database or production switch from the caller.
const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' };
for (const name of ['PUBLIC_URL', 'DATABASE_URL', 'NODE_ENV', 'PORTICO_ENV', 'OIDC_ISSUER']) delete env[name];
async function get(path) {
  try {
    const response = await fetch(`http://127.0.0.1:${PORT}${path}`);
    return { status: response.status, text: await response.text() };
  } catch {
    return null;
  }
}

/** Starts the compiled server, waits for /readyz, runs `check` while it runs, then stops it. */
async function withServer(extraEnv, check) {
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: dir,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = null;
  server.on('exit', (code) => {
    exited = code;
  });
  let ready = null;
  // The first start seeds the demo: about 30 s on an idle machine, minutes on a loaded one.
  const until = Date.now() + 300_000;
  while (Date.now() < until && exited === null) {
    ready = await get('/readyz');
    if (ready?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const result = ready?.status === 200 ? await check() : null;
  server.kill('SIGTERM');
  await new Promise((resolve) => (exited === null ? server.once('exit', resolve) : resolve()));
  return { ready, exited, result };
}

const first = await withServer({}, () => get('/'));
if (first.ready?.status !== 200) {
  rmSync(dir, { recursive: true, force: true });
  fail(
    `the compiled server did not answer /readyz with 200 (${first.ready ? `${first.ready.status} ${first.ready.text}` : 'no answer'}; exit code ${first.exited})`,
  );
}
if (!first.result?.text.includes('<div id="root">')) {
  const answer = first.result ? `${first.result.status}: ${first.result.text.slice(0, 300)}` : 'no answer';
  fail(`the compiled server did not serve the app shell at / (${answer})`);
}
console.log(`PASS: the compiled server answered /readyz (${first.ready.text}) and served the app shell with production dependencies only`);

// Every protocol endpoint of the compiled server once (issue 26 §1): SAML SP- and IdP-initiated, an OIDC
// application's code flow, back-channel logout, the feed's status, the event stream.
const protocols = await withServer({}, () => checkProtocols(`http://localhost:${PORT}`));
if (!protocols.result || protocols.result.length > 0) {
  rmSync(dir, { recursive: true, force: true });
  fail(
    `protocol checks of the compiled server failed: ${(protocols.result ?? [{ name: 'the server did not start' }]).map((f) => f.name).join('; ')}`,
  );
}

// Traces (decision 0974): with OTEL_EXPORTER_OTLP_ENDPOINT set, a request's server span reaches an OTLP/HTTP
// receiver, named after its route and carrying the request id of the response.
const exported = [];
const receiver = await loopbackReceiver(
  (req, body) => {
    if (req.url === '/v1/traces') exported.push(body);
  },
  'application/json',
  '{}',
);
const otel = {
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.base,
  OTEL_BSP_SCHEDULE_DELAY: '200',
  OTEL_SERVICE_NAME: 'portico-prod-check',
};
const traced = await withServer(otel, async () => {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/auth-config`).catch(() => null);
  const requestId = response?.headers.get('x-request-id') ?? 'none';
  const until = Date.now() + 60_000;
  while (Date.now() < until && !exported.some((b) => b.includes(requestId))) await new Promise((r) => setTimeout(r, 200));
  return { requestId, status: response?.status };
});
receiver.close();
rmSync(dir, { recursive: true, force: true });
const span = exported.find((b) => b.includes(traced.result?.requestId ?? 'none'));
if (!span) fail(`no span with the request id reached the OTLP receiver (${exported.length} exports; answer ${traced.result?.status})`);
if (!span.includes('portico-prod-check') || !span.includes('"http.route"'))
  fail(`the exported span lacks the service name or http.route: ${span.slice(0, 500)}`);
console.log(
  `PASS: with OTEL_EXPORTER_OTLP_ENDPOINT set, the request's span (request id ${traced.result.requestId}) reached the OTLP receiver`,
);
console.log('4 passed, 0 failed');

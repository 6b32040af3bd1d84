// Proves the production start (issue 18 §1, what the Dockerfile does): copies the built tree (the package manifests,
// the lockfile, apps/server/dist and apps/web/dist; no sources) to a temporary directory, installs the server's
// production dependencies only (`npm ci --omit=dev -w @portico/server`), starts `node apps/server/dist/server.js` on
// the embedded database and waits for /readyz and the app shell. Run after `npm run build` (npm run test:prod).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, STAMP_FILE } from './build-stamp.mjs';

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
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: dir,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exited = null;
server.on('exit', (code) => {
  exited = code;
});

async function get(path) {
  try {
    const response = await fetch(`http://127.0.0.1:${PORT}${path}`);
    return { status: response.status, text: await response.text() };
  } catch {
    return null;
  }
}

let ready = null;
// The first start seeds the demo: about 30 s on an idle machine, minutes on a loaded one.
const until = Date.now() + 300_000;
while (Date.now() < until && exited === null) {
  ready = await get('/readyz');
  if (ready?.status === 200) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const shell = ready?.status === 200 ? await get('/') : null;
server.kill('SIGTERM');
await new Promise((resolve) => (exited === null ? server.once('exit', resolve) : resolve()));
rmSync(dir, { recursive: true, force: true });

if (ready?.status !== 200)
  fail(
    `the compiled server did not answer /readyz with 200 (${ready ? `${ready.status} ${ready.text}` : 'no answer'}; exit code ${exited})`,
  );
if (!shell?.text.includes('<div id="root">')) fail('the compiled server did not serve the app shell at /');
console.log(`PASS: the compiled server answered /readyz (${ready.text}) and served the app shell with production dependencies only`);
console.log('1 passed, 0 failed');

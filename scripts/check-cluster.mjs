// The cluster journeys of issue 18 §4 (decision 0978), on PostgreSQL, three compiled instances and nginx
// (scripts/cluster.mjs), after `npm run build`. Prints "N passed, N failed" like the other checks.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './build-stamp.mjs';
import { startPorticoCluster } from './cluster.mjs';
import { findChromium, findNginx, findPostgres, skipOrFail } from './ensure-test-tools.mjs';
import { pgCtl } from './pg-cluster.mjs';

// nginx and PostgreSQL's psql come only from the system or apt (decision 1021): without them the check is skipped, in one line.
if (!findNginx() || !findPostgres({ needClient: true })) {
  skipOrFail('the cluster check needs nginx and the PostgreSQL client, which npm cannot bring (apt-get install nginx-light postgresql).');
  process.exit(0);
}
const CHROMIUM = findChromium();
if (!CHROMIUM) {
  skipOrFail('no Chromium (none installed, no apt-get as root, no browser download here): the cluster check was skipped.');
  process.exit(0);
}
const { password } = JSON.parse(readFileSync(join(ROOT, 'docs/demo-accounts.json'), 'utf8'));
const results = [];
const check = async (name, work) => {
  const started = Date.now();
  try {
    await work();
    results.push(true);
    console.log(`PASS: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    results.push(false);
    console.log(`FAIL: ${name}: ${error.message}`);
  }
};
const assert = (ok, message) => {
  if (!ok) throw new Error(message);
};
const until = async (what, test, ms = 60_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};
/** Runs one SQL statement on the cluster's PostgreSQL; answers its rows as arrays of text. */
const sql = (statement) =>
  execFileSync(join(cluster.pg.bin, 'psql'), [cluster.pg.url, '-XAtF', '|', '-c', statement], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('|'));
// Dates on the MLS's calendar (the instances run with the default MLS_TIME_ZONE), not UTC's: between midnight UTC and
// midnight in Los Angeles, UTC's date is already the MLS's tomorrow, which a listing's contract date may not be.
const MLS_TIME_ZONE = 'America/Los_Angeles';
const addDays = (days) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: MLS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
const today = addDays(0);
const listing = (n) => ({
  propertyType: 'Resi',
  listPrice: 700_000 + n,
  listingContractDate: today,
  expirationDate: addDays(90),
  startShowingDate: addDays(7),
  noMarketing: false,
  streetNumber: String(4000 + n),
  streetName: 'Cluster',
  streetSuffix: 'Ave',
  city: 'Huntington Beach',
  countyOrParish: 'Orange',
  stateOrProvince: 'CA',
  postalCode: '92648',
  listAgentMlsId: 'AGENT',
});

const cluster = await startPorticoCluster();
const base = cluster.publicUrl;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
let token = '';
let member = null;
try {
  await check('nginx spreads requests over the three instances round-robin', async () => {
    const names = new Set();
    for (let i = 0; i < 12; i++) names.add((await fetch(`${base}/readyz`)).headers.get('x-portico-instance'));
    assert(names.size === 3, `answered by ${[...names].join(', ')}`);
  });

  await check('a member signs in in Chromium and later pages and calls are served by the other instances', async () => {
    const page = await (await browser.newContext()).newPage();
    const seen = [];
    page.on('response', (r) => {
      if (r.url().startsWith(`${base}/api/`)) seen.push(r.headers()['x-portico-instance']);
    });
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Click Here To Login' }).click();
    await page.getByLabel('Login ID').fill('agent');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('user-menu').waitFor({ timeout: 60_000 });
    await page.reload();
    await page.getByTestId('user-menu').waitFor({ timeout: 60_000 });
    await page.goto(`${base}/articles`);
    await page.getByTestId('user-menu').waitFor({ timeout: 60_000 });
    const instances = new Set(seen.filter(Boolean));
    assert(instances.size === 3, `the member's API calls were answered by ${[...instances].join(', ') || 'none'}`);
    const stored = await page.evaluate(() => Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:')));
    token = JSON.parse(await page.evaluate((k) => sessionStorage.getItem(k), stored)).access_token;
    member = page;
  });

  await check('wrong passwords through nginx lock the member out whichever instance answers', async () => {
    const page = await (await browser.newContext()).newPage();
    const answers = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && /\/login$/.test(new URL(r.url()).pathname))
        answers.push({ status: r.status(), instance: r.headers()['x-portico-instance'] });
    });
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Click Here To Login' }).click();
    const attempt = async (secret) => {
      const before = answers.length;
      await page.getByLabel('Login ID').fill('manager');
      await page.getByLabel('Password').fill(secret);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await until('the answer to the sign-in', async () => answers.length > before, 30_000);
      await page.getByLabel('Login ID').waitFor({ timeout: 30_000 });
    };
    for (let i = 0; i < 5; i++) await attempt(`Wrong#${i}`);
    // Locked now: the right password is refused too, by whichever instance takes it.
    await attempt(password);
    const instances = new Set(answers.map((a) => a.instance));
    assert(
      answers.every((a) => a.status === 401),
      `sign-in answers: ${answers.map((a) => a.status).join(',')}`,
    );
    assert(instances.size >= 2, `every try was answered by ${[...instances].join(', ')}: not a test across instances`);
    const [[lockedFor, failures]] = sql(
      "SELECT floor(extract(epoch FROM locked_until - now()) / 60)::int, failed_attempts FROM accounts WHERE login_id = 'manager'",
    );
    assert(Number(lockedFor) >= 14, `manager is not locked (locked_until - now = ${lockedFor} min, ${failures} failures)`);
    // What the locked-out member sees (test-results/cluster-lockout.png): the sign-in page again, with its alert.
    await page.getByRole('alert').filter({ hasText: /\S/ }).first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(ROOT, 'test-results/cluster-lockout.png'), fullPage: true });
    console.log(`  6 tries answered by ${[...instances].join(', ')}; locked for ${Number(lockedFor) + 1} minutes`);
    await page.context().close();
  });

  await check('a rate limit counts across instances: the 21st reset-token check through nginx answers 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 22; i++) {
      const res = await fetch(`${base}/api/app/AccountContact/ValidateResetToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Token: `not-a-token-${i}` }),
      });
      answers.push({
        status: res.status,
        instance: res.headers.get('x-portico-instance'),
        retryAfter: res.headers.get('retry-after'),
        body: await res.json(),
      });
    }
    const first = answers.slice(0, 20);
    const instances = new Set(first.map((a) => a.instance));
    assert(instances.size === 3, `the first 20 were answered by ${[...instances].join(', ')}`);
    assert(
      first.every((a) => a.status !== 429),
      `refused before the limit: ${first.map((a) => a.status).join(',')}`,
    );
    for (const a of answers.slice(20)) {
      assert(a.status === 429, `after the limit: ${a.status} from ${a.instance}`);
      assert(Number(a.retryAfter) > 0, `no Retry-After: ${a.retryAfter}`);
      assert(a.body.code === 'RATE_LIMITED' && a.body.isSuccessful === false, `not the error envelope: ${JSON.stringify(a.body)}`);
    }
    console.log(
      `  21st and 22nd answered 429 by ${answers
        .slice(20)
        .map((a) => a.instance)
        .join(' and ')}, Retry-After ${answers[20].retryAfter} s`,
    );
  });

  await check('kill -9 of an instance while listings are saved: every save the client saw succeed is stored', async () => {
    assert(token, 'no access token from the sign-in');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = [];
    let refused = 0;
    const save = async (n) => {
      const res = await fetch(`${base}/api/app/Registration`, { method: 'POST', headers, body: JSON.stringify(listing(n)) });
      if (res.status === 201 || res.status === 200) created.push((await res.json()).results[0].id);
      else if (refused++ === 0) console.log(`  first refusal: ${res.status} ${(await res.text()).slice(0, 300)}`);
    };
    const saves = [];
    try {
      for (let n = 0; n < 40; n++) {
        saves.push(save(n));
        if (n === 15) saves.push(cluster.kill(1));
        await new Promise((r) => setTimeout(r, 25));
      }
      await Promise.all(saves);
      assert(created.length >= 30, `only ${created.length} of 40 saves succeeded (${refused} refused)`);
      for (const id of created) {
        const res = await fetch(`${base}/api/app/Registration/${id}`, { headers });
        assert(res.status === 200, `listing ${id} answered ${res.status}`);
        const saved = (await res.json()).results[0];
        assert(saved.streetName === 'Cluster' && saved.listAgentMlsId === 'AGENT', `listing ${id} is not whole`);
      }
      console.log(`  ${created.length} saves succeeded, ${refused} were refused to the client while instance 2 died`);
    } finally {
      // The next checks need all three instances, whatever this one found.
      await Promise.allSettled(saves);
      await cluster.start(1);
    }
  });

  await check('PostgreSQL restarted: /readyz goes red, then green by itself, and no call fails after', async () => {
    const direct = `http://127.0.0.1:${cluster.ports[0]}/readyz`;
    pgCtl(cluster.pg, ['stop', '-m', 'fast']);
    await until('/readyz to go red', async () => (await fetch(direct)).status !== 200, 30_000);
    pgCtl(cluster.pg, [
      'start',
      '-l',
      join(cluster.pg.dir, 'log'),
      '-o',
      `-p ${new URL(cluster.pg.url).port} -k ${cluster.pg.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
    ]);
    for (const port of cluster.ports)
      await until(`instance on ${port} to be ready again`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200);
    const statuses = [];
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${base}/api/app/Registration/search/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pageId: 1, pageSize: 10 }),
      });
      statuses.push(res.status);
    }
    assert(
      statuses.every((s) => s === 200),
      `answers after the restart: ${statuses.join(',')}`,
    );
  });
  await check('the each-minute job runs once a minute, not once per instance', async () => {
    // pg-boss files each minute's occurrence of a schedule under that minute's slot, then starts the job when a worker
    // polls: a slot's run can start in the next minute, beside that minute's own run. So runs are counted per slot (a
    // schedule per instance would file one occurrence per instance in each), and all runs against all slots.
    const perSlot = () =>
      sql(
        "SELECT data->>'slot', count(*) FROM pgboss.job WHERE name = '__pgboss__send-it' AND data->>'name' = 'kpi-refresh' GROUP BY 1 ORDER BY 1",
      );
    const runs = () => Number(sql("SELECT count(*) FROM pgboss.job WHERE name = 'kpi-refresh' AND state = 'completed'")[0][0]);
    await until('two minutes of kpi-refresh runs', async () => runs() >= 2 && perSlot().length >= 2, 150_000);
    // Runs first: a run's occurrence is filed before the run, so every run counted here has its slot in the list.
    const done = runs();
    const slots = perSlot();
    assert(
      slots.every(([, n]) => n === '1') && done <= slots.length,
      `occurrences per slot: ${slots.map(([m, n]) => `${m} × ${n}`).join(', ')}; ${done} runs`,
    );
    console.log(`  ${slots.length} minutes, one occurrence each, ${done} runs (${slots.map(([m]) => m.slice(11, 16)).join(', ')})`);
  });

  await check('the member logs out through the cluster and is signed out on every instance', async () => {
    assert(member, 'no signed-in page');
    await member.getByTestId('user-menu').click();
    await member.getByRole('menuitem', { name: 'Logout' }).click();
    await member.waitForURL(/\/logged-out/, { timeout: 60_000 });
    // The provider's session is gone wherever the next request lands: the sign-in page asks for a password again.
    for (let i = 0; i < 3; i++) {
      await member.goto(`${base}/`);
      await member.getByRole('button', { name: 'Click Here To Login' }).click();
      await member.getByLabel('Login ID').waitFor({ timeout: 60_000 });
    }
  });
} finally {
  await browser.close();
  await cluster.stop();
}
const passed = results.filter(Boolean).length;
console.log(`${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { member, office } from '../../apps/server/test/reso-rows';
import { ResoServer } from '../../apps/server/test/reso-server';
import { expect, expectNoAxeViolations, signIn, snapshot, test } from '../support/portal';
import { type Started, startProcess } from '../support/processes';

// A portal of its own whose feed reads a RESO Web API (OData) server this journey runs on loopback: the shared
// journeys' server keeps no feed, so that its demo data stays as the other journeys expect it.
const base = Number(process.env.E2E_PORT ?? 3100);
const PORTAL = `http://localhost:${base + 12}`;
const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
/** Members the MLS publishes; one has a MemberType no mapping knows. */
const MEMBERS = 24;

let odata: ResoServer;
let portal: Started | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

/** On the PostgreSQL pass (E2E_DATABASE_URL), a database of its own on that server; else the embedded PGlite. */
async function databaseUrl(): Promise<string> {
  const admin = process.env.E2E_DATABASE_URL;
  if (!admin) return '';
  const name = `portico_feed_${base}_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return admin.replace(/\/[^/]*$/, `/${name}`);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  odata = await new ResoServer({ pageSize: 4 }).start();
  odata.data.Office.push(office('OF1', 0));
  portal = await startProcess(
    [path('../../apps/server/dist/server.js')],
    {
      PORT: String(base + 12),
      PUBLIC_URL: PORTAL,
      DATA_DIR: mkdtempSync(join(tmpdir(), `portico-e2e-feed-${base}-`)),
      DATABASE_URL: await databaseUrl(),
      LOG_LEVEL: 'warn',
      TZ: 'UTC',
      RESO_WEB_API_URL: odata.url,
      RESO_TOKEN: 'test-token',
      RESO_RESOURCES: 'Office,Member',
      RESO_SYNC_MINUTES: '1440',
    },
    `${PORTAL}/readyz`,
    240_000,
  );
});

test.afterAll(async () => {
  await portal?.stop();
  await odata?.close();
  await dropDatabase?.();
});

async function portalPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: PORTAL });
  return context.newPage();
}

test('MLS staff sync the feed now, watch it progress, resolve an unmapped member type and resend a Create Password mail', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await portalPage(browser);
  await signIn(page, 'mlsstaff');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'MLS data feed' }).click();
  await expect(page.getByRole('heading', { name: 'MLS data feed', level: 1 })).toBeVisible();
  const resources = page.getByTestId('feed-resources');
  // The sync every instance queues when it starts has read the one office (and no member yet).
  await expect(resources.locator('tr[data-resource="Office"]')).toContainText('Done', { timeout: 60_000 });
  await expect(resources.locator('tr[data-resource="Member"]')).toContainText('Done');
  await expect(page.getByTestId('feed-settings')).toContainText(odata.url);
  await expect(page.getByTestId('feed-settings')).not.toContainText('test-token');

  // The MLS publishes its members; its server holds every Member page after the first until the journey has seen the
  // sync part-way, so that the pages can be watched arriving whatever the machine's speed.
  odata.data.Member.push(...Array.from({ length: MEMBERS }, (_, i) => member(`E${String(i + 1).padStart(2, '0')}`, i + 1)));
  Object.assign(odata.data.Member[5], { MemberType: 'Wizard' });
  let openGate = () => {};
  const gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
  let memberPages = 0;
  odata.beforeRequest = (_n, url) => (url.pathname.endsWith('/Member') && ++memberPages > 1 ? gate : undefined);

  await page.getByRole('button', { name: 'Sync now' }).click();
  const progress = page.getByTestId('feed-progress');
  // Rows so far, between the first page and the last: the count grows while the sync runs.
  await expect(progress).toContainText(/Member: ([1-9]|1\d|2[0-3]) rows so far/, { timeout: 30_000 });
  await expect(resources.locator('tr[data-resource="Member"]')).toContainText('Running');
  await snapshot(page, 'feed-sync-running');
  openGate();
  await expect(resources.locator('tr[data-resource="Member"]')).toContainText('Done', { timeout: 60_000 });
  await expect(progress).toHaveText('');
  const memberRow = resources.locator('tr[data-resource="Member"] td');
  // Created, Updated, Deactivated, Rejected: every member but the Wizard, who waits for a user class.
  await expect(memberRow.nth(3)).toHaveText(String(MEMBERS - 1));
  await expect(memberRow.nth(6)).toHaveText('1');
  await expect(page.getByTestId('feed-rejected')).toContainText('No user class for MemberType=Wizard');
  await expect(page.getByTestId('feed-history')).toContainText('Member');

  // The unmapped MemberType: staff map it to a user class and the waiting member is applied at once.
  const unmapped = page.getByTestId('feed-unmapped');
  await expect(unmapped).toContainText('Wizard');
  await expectNoAxeViolations(page, 'the MLS data feed screen');
  await snapshot(page, 'feed-screen');
  await page.getByRole('textbox', { name: 'User class for MemberType Wizard' }).click();
  await page.getByRole('option', { name: 'AF (Affiliate)' }).click();
  await page.getByRole('button', { name: 'Map' }).click();
  await expect(page.getByText('Wizard is mapped to AF: 1 waiting members applied.')).toBeVisible();
  await expect(page.getByText('Every MemberType and MemberMlsSecurityClass value has a user class.')).toBeVisible();
  await expect(page.getByTestId('feed-mappings')).toContainText('Wizard');

  // A new member who has not set a password gets a new Create Password mail; a login id that is not one is refused.
  await page.getByLabel('Login ID').fill('feed_e06');
  await page.getByRole('button', { name: 'Resend Create Password mail' }).click();
  await expect(page.getByText('A new Create Password mail is on its way.')).toBeVisible();
  await page.getByLabel('Login ID').fill('agent');
  await page.getByRole('button', { name: 'Resend Create Password mail' }).click();
  await expect(page.getByText(/Only an active member with an e-mail address/)).toBeVisible();
  await page.context().close();
});

test('a member below level 5 is refused the screen and has no menu entry for it', async ({ browser }) => {
  const page = await portalPage(browser);
  await signIn(page, 'aorstaff');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'MLS data feed' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/feed');
  await expect(page.getByText('You do not have access to this area.')).toBeVisible();
  await expect(page.getByTestId('feed-resources')).toHaveCount(0);
  await page.context().close();
});

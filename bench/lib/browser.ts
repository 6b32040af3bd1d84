import { type Browser, chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo-accounts';
import { CHROME_FLAGS, CHROMIUM } from './lighthouse';

/** /usr/bin/chromium (or CHROME_PATH), headless by Playwright, with the bench's other flags (Lighthouse's). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => f !== '--headless') });
}

/** Signs in through the real sign-in page (authorization code + PKCE), as a member of the scale seed. */
export async function signIn(page: Page, baseUrl: string, loginId: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Click Here To Login' }).click();
  await page.waitForURL(/\/signin\//);
  await page.getByLabel('Login ID').fill(loginId);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu').waitFor({ timeout: 30_000 });
}

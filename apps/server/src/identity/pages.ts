import { ASSOCIATION_CODES, describeSecondFactor, maskEmail, maskPhone, type SecondFactorType } from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimited } from '../lib/rate-limit';
import { securityLog } from '../lib/security-log';
import { escapeHtml, page, sendHtml } from './html';
import { PASSKEY_SCRIPTS, passkeyFactorForm, passkeySignInForm } from './passkeys/pages';

export interface Branding {
  shortName: string;
  name: string;
  logoUrl: string | null;
}

export async function brandingFor(app: FastifyInstance, acrValues: unknown): Promise<Branding | null> {
  const code = String(acrValues ?? '')
    .split(' ')
    .map((v) => v.toUpperCase())
    .find((v) => (ASSOCIATION_CODES as readonly string[]).includes(v));
  if (!code) return null;
  const row = await app.db.one<{ short_name: string; name: string; logo_url: string | null }>(
    'SELECT short_name, name, logo_url FROM associations WHERE short_name = $1',
    [code],
  );
  return row ? { shortName: row.short_name, name: row.name, logoUrl: row.logo_url } : null;
}

/** The provider's pages are never cached, run only their own same-origin scripts and post only to themselves. */
export function sendPage(reply: FastifyReply, status: number, html: string) {
  return sendHtml(
    reply,
    status,
    html,
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
}

/**
 * Counts a request of the sign-in page against its address's limit; when over, answers the page itself with 429,
 * `Retry-After` and the wait in words, and answers true.
 */
export async function signInLimited(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, limit: 'sign-in' | 'sign-in-code') {
  try {
    await app.limits.hit([[limit, `address:${req.ip}`]]);
    return false;
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    securityLog(req, 'rate-limited', { detail: limit });
    const { uid } = req.params as { uid: string };
    const html = signInPage(uid, null, '', error.message, app.config.fido2.enabled);
    sendPage(reply.header('retry-after', String(error.retryAfterSeconds)), 429, html);
    return true;
  }
}

const errorBlock = (error: string | null) => (error ? `<p class="error" role="alert" id="signin-error">${escapeHtml(error)}</p>` : '');

/** The password form and, with passkeys on (decision 0968), "Sign in with a passkey". */
export function signInPage(uid: string, brand: Branding | null, loginId: string, error: string | null, passkeys = false): string {
  const heading = brand ? `Sign in to ${escapeHtml(brand.name)}` : 'Sign in to Portico';
  const logo = brand?.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)} logo">` : '';
  const described = error ? ' aria-describedby="signin-error"' : '';
  return page(
    'Sign in',
    `<main class="card">
      <div class="brand">${logo}<div><h1>${heading}</h1><p style="margin:0">Member portal</p></div></div>
      ${errorBlock(error)}
      <form method="post" action="/signin/${escapeHtml(uid)}/login" novalidate>
        <label for="login">Login ID</label>
        <input id="login" name="login" autocomplete="username" required autofocus value="${escapeHtml(loginId)}"${described}>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required${described}>
        <button type="submit">Sign in</button>
      </form>
      ${passkeys ? passkeySignInForm(uid) : ''}
      <p class="links"><a href="/forgot-password">Forgot your password?</a></p>
    </main>`,
    passkeys ? { scripts: PASSKEY_SCRIPTS } : {},
  );
}

export interface FactorChoice {
  id: number;
  type: SecondFactorType;
  value: string;
}

/** The second step: one code field for the chosen factor, and a button for each other enabled factor. */
export function secondFactorPage(
  uid: string,
  factor: FactorChoice,
  others: FactorChoice[],
  error: string | null,
  codeMinutes: number,
): string {
  const action = `/signin/${escapeHtml(uid)}/factor`;
  const help =
    factor.type === 'email'
      ? `We sent a 6-digit code to ${escapeHtml(maskEmail(factor.value))}. It works for ${codeMinutes} minutes.`
      : factor.type === 'sms'
        ? `We sent a 6-digit code by text message to ${escapeHtml(maskPhone(factor.value))}. It works for ${codeMinutes} minutes.`
        : factor.type === 'passkey'
          ? `Use your passkey “${escapeHtml(factor.value)}”: your device or security key asks you to confirm it’s you.`
          : `Enter the 6-digit code that your authenticator app “${escapeHtml(factor.value)}” shows now.`;
  const resend =
    factor.type === 'email' || factor.type === 'sms'
      ? `<form method="post" action="${action}/choose"><button type="submit" class="secondary" name="factorId" value="${factor.id}">Send a new code</button></form>`
      : '';
  const choices = others.length
    ? `<h2>Use another factor</h2><form method="post" action="${action}/choose"><ul class="choices">${others
        .map(
          (o) =>
            `<li><button type="submit" class="secondary" name="factorId" value="${o.id}">${escapeHtml(describeSecondFactor(o.type, o.value))}</button></li>`,
        )
        .join('')}</ul></form>`
    : '';
  return page(
    'Verification code',
    `<main class="card">
      <h1>Verify it’s you</h1>
      ${errorBlock(error)}
      <p id="factor-help">${help}</p>
      ${
        factor.type === 'passkey'
          ? passkeyFactorForm(uid)
          : `<form method="post" action="${action}" novalidate>
        <label for="code">Verification code</label>
        <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus aria-describedby="factor-help${error ? ' signin-error' : ''}">
        <button type="submit">Verify</button>
      </form>`
      }
      ${resend}
      ${choices}
      ${recoveryChoice(uid)}
    </main>`,
    factor.type === 'passkey' ? { scripts: PASSKEY_SCRIPTS } : {},
  );
}

/** "Use a recovery code" under every factor (issue 32 §2): opens the recovery code form. */
function recoveryChoice(uid: string): string {
  return `<form method="post" action="/signin/${escapeHtml(uid)}/recovery"><button type="submit" class="secondary">Use a recovery code</button></form>`;
}

/** A recovery code in place of the second factor, and the way back to the factor. */
export function recoveryCodePage(uid: string, factorId: number, error: string | null): string {
  const action = `/signin/${escapeHtml(uid)}/recovery`;
  return page(
    'Recovery code',
    `<main class="card">
      <h1>Use a recovery code</h1>
      ${errorBlock(error)}
      <p id="recovery-help">Enter one of the recovery codes you saved when you set up your second factor. Each code works once.</p>
      <form method="post" action="${action}" novalidate>
        <label for="recovery-code">Recovery code</label>
        <input id="recovery-code" name="recoveryCode" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="40" required autofocus aria-describedby="recovery-help${error ? ' signin-error' : ''}">
        <button type="submit">Verify</button>
      </form>
      <form method="post" action="/signin/${escapeHtml(uid)}/factor/choose"><button type="submit" class="secondary" name="factorId" value="${factorId}">Use your second factor instead</button></form>
      <p class="links">No recovery codes? Call your association’s help desk.</p>
    </main>`,
  );
}

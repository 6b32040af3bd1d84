import { PASSKEY_NAME_MAX } from '@portico/shared';
import { escapeHtml, page } from '../html';

/** The browser half of WebAuthn: @simplewebauthn/browser's bundle and the pages' own script (assets.ts). */
export const PASSKEY_SCRIPTS = ['/signin/assets/simplewebauthn-browser.js', '/signin/assets/passkey.js'];

/** Where the page script says what went wrong in the browser (a cancelled prompt, no passkey). */
const scriptError = '<p class="error" role="alert" id="passkey-error" hidden></p>';

/**
 * "Sign in with a passkey" under the password form: the script asks the provider for options, lets the browser pick
 * a passkey of this site, and posts its answer in `assertion`.
 */
export function passkeySignInForm(uid: string): string {
  const path = `/signin/${escapeHtml(uid)}/passkey`;
  return `<p class="or">or</p>
      ${scriptError}
      <form method="post" action="${path}" data-passkey-options="${path}/options">
        <input type="hidden" name="assertion" value="">
        <button type="submit" class="secondary" id="passkey-signin">Sign in with a passkey</button>
      </form>`;
}

/** The second step with a passkey factor: one button instead of a code field. */
export function passkeyFactorForm(uid: string): string {
  const path = `/signin/${escapeHtml(uid)}/factor/passkey`;
  return `${scriptError}
      <form method="post" action="${path}" data-passkey-options="${path}/options">
        <input type="hidden" name="assertion" value="">
        <button type="submit" autofocus>Use my passkey</button>
      </form>`;
}

/** The provider's passkey enlist page (seed 002): name the passkey, create it, go back to the portal. */
export function enlistPage(name: string, returnPath: string, error: string | null): string {
  const back = escapeHtml(returnPath);
  return page(
    'Add a passkey',
    `<main class="card">
      <h1>Add a passkey</h1>
      <p id="enlist-help">A passkey signs you in with your device’s screen lock or a security key, instead of a code. Create passkey asks your device or security key to make one for this portal.</p>
      ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
      ${scriptError}
      <form id="passkey-enlist" data-return-url="${back}" novalidate>
        <label for="name">Passkey name</label>
        <input id="name" name="name" required maxlength="${PASSKEY_NAME_MAX}" autocomplete="off" value="${escapeHtml(name)}" aria-describedby="enlist-help">
        <button type="submit" id="passkey-create">Create passkey</button>
      </form>
      <p class="links"><a href="${back}">Cancel and go back</a></p>
    </main>`,
    { scripts: PASSKEY_SCRIPTS },
  );
}

/** The enlist page without a provider session: the member signs in to the portal again first. */
export function enlistSignInFirstPage(returnPath: string): string {
  return page(
    'Add a passkey',
    `<main class="card"><h1>Add a passkey</h1><p>Your sign-in has ended. Sign in to the portal again, then add the passkey from your account settings.</p>
     <p class="links"><a href="${escapeHtml(returnPath)}">Back to the portal</a></p></main>`,
  );
}

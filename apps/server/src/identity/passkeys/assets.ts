import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fastifyPublic } from '../../lib/guard';

/**
 * The passkey pages' own script: on the enlist page it creates the passkey and comes back to the portal; on the
 * sign-in pages it gets a passkey's answer and posts it with the form. Served as a file: the pages' CSP runs only
 * same-origin scripts.
 */
export const PASSKEY_PAGE_SCRIPT = `(function () {
  'use strict';
  var W = window.SimpleWebAuthnBrowser;
  function say(text) {
    var e = document.getElementById('passkey-error');
    if (e) { e.textContent = text; e.hidden = false; }
  }
  function why(error) {
    var n = error && error.name;
    if (n === 'NotAllowedError' || n === 'AbortError') return 'The passkey prompt was closed or timed out. Please try again.';
    if (n === 'InvalidStateError') return 'This device already has a passkey for your account.';
    return 'Your browser could not use a passkey here. Please try again.';
  }
  function post(url, body) {
    return fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().catch(function () { return {}; }).then(function (d) { return { ok: r.ok, data: d }; }); });
  }
  function busy(button, on) { if (button) { button.disabled = on; button.setAttribute('aria-busy', on ? 'true' : 'false'); } }
  if (!W || !W.browserSupportsWebAuthn()) {
    var buttons = document.querySelectorAll('#passkey-create, form[data-passkey-options] button');
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    say('This browser does not support passkeys.');
    return;
  }
  var enlist = document.getElementById('passkey-enlist');
  if (enlist) enlist.addEventListener('submit', function (event) {
    event.preventDefault();
    var name = enlist.elements.name.value;
    var button = document.getElementById('passkey-create');
    busy(button, true);
    post('/signin/passkey/enlist/options', { name: name }).then(function (options) {
      if (!options.ok) throw { shown: options.data.message || 'The passkey could not be added. Please try again.' };
      return W.startRegistration({ optionsJSON: options.data.options }).catch(function (e) { throw { shown: why(e) }; });
    }).then(function (response) {
      return post('/signin/passkey/enlist/verify', { name: name, response: response });
    }).then(function (done) {
      if (!done.ok) throw { shown: done.data.message || 'The passkey could not be added. Please try again.' };
      window.location.assign(enlist.getAttribute('data-return-url') || '/');
    }).catch(function (e) {
      busy(button, false);
      say(e && e.shown ? e.shown : 'The passkey could not be added. Please try again.');
    });
  });
  var forms = document.querySelectorAll('form[data-passkey-options]');
  Array.prototype.forEach.call(forms, function (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var button = form.querySelector('button');
      busy(button, true);
      post(form.getAttribute('data-passkey-options'), {}).then(function (options) {
        if (!options.ok) throw { shown: options.data.message || 'Please try again.' };
        return W.startAuthentication({ optionsJSON: options.data.options }).catch(function (e) { throw { shown: why(e) }; });
      }).then(function (answer) {
        form.elements.assertion.value = JSON.stringify(answer);
        form.submit();
      }).catch(function (e) {
        busy(button, false);
        say(e && e.shown ? e.shown : 'Please try again.');
      });
    });
  });
})();
`;

/** @simplewebauthn/browser's own browser bundle (it defines `SimpleWebAuthnBrowser`), read once from the package. */
function browserBundle(): string {
  const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
  return readFileSync(join(dirname(entry), '..', 'dist', 'bundle', 'index.umd.min.js'), 'utf8');
}

/** GET /signin/assets/*.js: the two scripts of the passkey pages, cached for a day. */
export async function passkeyAssetRoutes(app: FastifyInstance): Promise<void> {
  const files: Record<string, string> = { 'simplewebauthn-browser.js': browserBundle(), 'passkey.js': PASSKEY_PAGE_SCRIPT };
  for (const [name, body] of Object.entries(files)) {
    app.get(`/signin/assets/${name}`, { config: fastifyPublic }, async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('text/javascript; charset=utf-8').send(body),
    );
  }
}

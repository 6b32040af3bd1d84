import { DEMO_BANNER_TEXT } from '@portico/shared';
import type { FastifyReply } from 'fastify';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f1f3f5;--card:#fff;--fg:#1a1b1e;--muted:#495057;--accent:#1864ab;--err:#c92a2a}
@media (prefers-color-scheme:dark){:root{--bg:#1a1b1e;--card:#25262b;--fg:#f8f9fa;--muted:#c1c2c5;--accent:#74c0fc;--err:#ffa8a8}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg);min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px}
.card{background:var(--card);border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:32px;width:100%;max-width:420px}
h1{font-size:1.5rem;margin:0 0 8px}p{color:var(--muted)}label{display:block;font-weight:600;margin:16px 0 4px}
input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #868e96;border-radius:6px;background:var(--card);color:var(--fg)}
input:focus,button:focus,a:focus{outline:3px solid var(--accent);outline-offset:2px}
button{margin-top:24px;width:100%;padding:12px;font-size:1rem;font-weight:600;border:0;border-radius:6px;background:#1864ab;color:#fff;cursor:pointer}
.error{border-left:4px solid var(--err);padding:8px 12px;color:var(--fg);background:transparent;margin:16px 0 0}
.brand{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin-bottom:16px}.brand img{height:48px;width:auto;max-width:100%}.brand>div{min-width:0;max-width:100%}.brand h1{overflow-wrap:anywhere}
a{color:var(--accent)}.links{margin-top:16px;font-size:.95rem}
h2{font-size:1.1rem;margin:24px 0 0}.secondary{margin-top:12px;background:transparent;color:var(--accent);border:1px solid var(--accent)}
.choices{list-style:none;margin:0;padding:0}
.or{display:flex;align-items:center;gap:12px;margin:24px 0 0;color:var(--muted)}.or::before,.or::after{content:'';flex:1;border-top:1px solid #868e96}
body:has(.demo-banner){padding-top:56px}
.demo-banner{position:absolute;top:0;left:0;right:0;padding:6px 16px;background:#fff3bf;color:#1a1b1e;font-size:.875rem;text-align:center;border-bottom:1px solid #e8c600}`;

let demoBanner = '';

/** Demo mode (decision 0940): every provider page starts with the demo banner, kept clear of the centred card. */
export function showDemoBanner(on: boolean): void {
  demoBanner = on ? `<section class="demo-banner" aria-label="Demo notice">${escapeHtml(DEMO_BANNER_TEXT)}</section>` : '';
}

/** The one script a provider page may run: submits the logout form (allowed by its hash in the page's CSP). */
export function autoSubmitScript(formId: string): string {
  return `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById(${JSON.stringify(formId)});if(f){var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();}});`;
}

/**
 * A small server-rendered page for the identity provider's own screens: no scripts but an optional auto-submit, or
 * same-origin script files (the passkey pages, decision 0968).
 */
export function page(title: string, body: string, options: { autoSubmit?: string; scripts?: string[] } = {}): string {
  const inline = options.autoSubmit ? `<script>${autoSubmitScript(options.autoSubmit)}</script>` : '';
  const script = inline + (options.scripts ?? []).map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Portico</title><style>${STYLE}</style></head><body>${demoBanner}${body}${script}</body></html>`;
}

/** The CSP of a server-rendered page without scripts (the SAML refusal and demo pages). */
export const SCRIPTLESS_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Sends a server-rendered page: never cached, with its Content-Security-Policy. */
export function sendHtml(reply: FastifyReply, status: number, html: string, csp: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .type('text/html; charset=utf-8')
    .send(html);
}

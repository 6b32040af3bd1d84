import { ASSOCIATION_CODES, MESSAGES } from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { verifySignIn } from './credentials';
import { escapeHtml, page } from './html';

interface Branding {
  shortName: string;
  name: string;
  logoUrl: string | null;
}

async function brandingFor(app: FastifyInstance, acrValues: unknown): Promise<Branding | null> {
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

function signInPage(uid: string, brand: Branding | null, loginId: string, error: string | null): string {
  const heading = brand ? `Sign in to ${escapeHtml(brand.name)}` : 'Sign in to Portico';
  const logo = brand?.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)} logo">` : '';
  const errorBlock = error ? `<p class="error" role="alert" id="signin-error">${escapeHtml(error)}</p>` : '';
  const described = error ? ' aria-describedby="signin-error"' : '';
  return page(
    'Sign in',
    `<main class="card">
      <div class="brand">${logo}<div><h1>${heading}</h1><p style="margin:0">Member portal</p></div></div>
      ${errorBlock}
      <form method="post" action="/signin/${escapeHtml(uid)}/login" novalidate>
        <label for="login">Login ID</label>
        <input id="login" name="login" autocomplete="username" required autofocus value="${escapeHtml(loginId)}"${described}>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required${described}>
        <button type="submit">Sign in</button>
      </form>
      <p class="links"><a href="/forgot-password">Forgot your password?</a></p>
    </main>`,
  );
}

const loginForm = z.object({ login: z.string().max(200).default(''), password: z.string().max(1000).default('') });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The provider's sign-in screens at /signin/{uid}. */
export async function signInRoutes(app: FastifyInstance, provider: Provider): Promise<void> {
  const details = (req: FastifyRequest, reply: FastifyReply) => provider.interactionDetails(req.raw, reply.raw);
  const noStore = (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      .type('text/html; charset=utf-8');

  app.get('/signin/:uid', { config: { access: 'public' } }, async (req, reply) => {
    const interaction = await details(req, reply);
    if (interaction.prompt.name !== 'login') {
      req.log.warn({ prompt: interaction.prompt }, 'unexpected prompt');
      // The portal's grant is made by loadExistingGrant; any other prompt means there is nothing left to ask.
      const url = await provider.interactionResult(req.raw, reply.raw, { consent: {} }, { mergeWithLastSubmission: true });
      return reply.redirect(url, 303);
    }
    const brand = await brandingFor(app, interaction.params.acr_values);
    return noStore(reply).send(signInPage(interaction.uid, brand, String(interaction.params.login_hint ?? ''), null));
  });

  app.post('/signin/:uid/login', { config: { access: 'public' }, bodyLimit: 16_384 }, async (req, reply) => {
    const interaction = await details(req, reply);
    const form = loginForm.safeParse(req.body ?? {});
    const login = form.success ? form.data.login : '';
    const password = form.success ? form.data.password : '';
    const result = login && password ? await verifySignIn(app.db, login, password) : ({ ok: false, delayMs: 0 } as const);
    if (!result.ok) {
      await sleep(result.delayMs);
      const brand = await brandingFor(app, interaction.params.acr_values);
      return noStore(reply)
        .code(401)
        .send(signInPage(interaction.uid, brand, login, MESSAGES.signInFailed));
    }
    const url = await provider.interactionResult(
      req.raw,
      reply.raw,
      { login: { accountId: String(result.accountId) } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(url, 303);
  });
}

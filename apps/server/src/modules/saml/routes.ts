import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { SAML_CLIENT_ID } from '../../identity/provider';
import { securityLog } from '../../lib/security-log';
import { identityProvider } from './entities';
import type { SamlKeys } from './keys';
import { samlId, sendPostForm, sendRefusal } from './presenter';
import { findSamlApplication, savePendingRequest, takePendingRequest } from './repository';
import { type AcceptedRequest, acceptAuthnRequest, answerFor, type IncomingRequest, memberOfAccount, SamlRefused } from './service';

const samlMessage = z.object({
  SAMLRequest: z.string().min(1).max(200_000),
  RelayState: z.string().max(1024).optional(),
  SigAlg: z.string().max(200).optional(),
  Signature: z.string().max(2000).optional(),
});
const launchParams = z.object({ applicationId: z.coerce.number().int().positive().max(2_147_483_647) });
const resumeQuery = z.object({ state: z.string().min(1).max(100) });

/**
 * Portico as a SAML 2.0 identity provider (issue 19, decision 0980): metadata, SP-initiated sign-on by HTTP-Redirect
 * and HTTP-POST, IdP-initiated launches. The member's sign-in is the embedded provider's session; a member who is
 * not signed in goes through the provider's own sign-in (with the second factor) by an authorization request of the
 * internal `portico-saml` client, which comes back to /saml/resume.
 */
export async function samlRoutes(app: FastifyInstance, provider: Provider, keys: SamlKeys): Promise<void> {
  const { publicUrl } = app.config;
  const db = app.db;

  async function signedInAccount(req: FastifyRequest, reply: FastifyReply): Promise<number | null> {
    const session = await provider.Session.get(provider.createContext(req.raw, reply.raw) as never);
    const id = Number(session?.accountId);
    return Number.isInteger(id) && id > 0 ? id : null;
  }

  function refuse(req: FastifyRequest, reply: FastifyReply, error: unknown, accountId: number | null = null) {
    if (!(error instanceof SamlRefused)) throw error;
    securityLog(req, 'saml-refused', {
      accountId,
      detail: `${error.detail}${error.applicationId ? ` application ${error.applicationId}` : ''}`,
    });
    return sendRefusal(reply, error.status, error.title, error.message, publicUrl);
  }

  /** Answers at once for a signed-in member; otherwise keeps the request and sends the member to sign in. */
  async function answerOrSignIn(
    req: FastifyRequest,
    reply: FastifyReply,
    target: Omit<AcceptedRequest, 'requestId'> & { requestId: string | null },
  ) {
    const accountId = await signedInAccount(req, reply);
    if (accountId === null) {
      const handle = randomBytes(24).toString('base64url');
      await savePendingRequest(db, handle, {
        application_id: target.application.application_id,
        request_id: target.requestId,
        acs_url: target.acsUrl,
        relay_state: target.relayState,
      });
      const params = new URLSearchParams({
        client_id: SAML_CLIENT_ID,
        redirect_uri: `${publicUrl}/saml/resume`,
        response_type: 'none',
        scope: 'openid',
        state: handle,
      });
      return reply.redirect(`/oidc/auth?${params}`, 303);
    }
    try {
      const member = await memberOfAccount(db, accountId);
      const answer = await answerFor(db, publicUrl, keys, member, { ...target, sessionIndex: samlId() });
      securityLog(req, 'saml-assertion-sent', { accountId, detail: `application ${answer.application.application_id}` });
      return sendPostForm(reply, answer.acsUrl, answer.samlResponse, answer.relayState, answer.application.name);
    } catch (error) {
      return refuse(req, reply, error, accountId);
    }
  }

  async function sso(req: FastifyRequest, reply: FastifyReply, binding: 'redirect' | 'post', input: unknown) {
    const form = samlMessage.safeParse(input ?? {});
    if (!form.success)
      return refuse(
        req,
        reply,
        new SamlRefused(400, 'Single sign-on refused', 'The sign-on request is missing or too long.', 'malformed-request'),
      );
    const rawQuery = req.raw.url?.split('?')[1] ?? '';
    const incoming: IncomingRequest = {
      binding,
      samlRequest: form.data.SAMLRequest,
      relayState: form.data.RelayState ?? null,
      rawQuery,
      query: Object.fromEntries(Object.entries(form.data).filter(([, v]) => typeof v === 'string')) as Record<string, string>,
    };
    let accepted: AcceptedRequest;
    try {
      accepted = await acceptAuthnRequest(db, publicUrl, keys, incoming);
    } catch (error) {
      return refuse(req, reply, error);
    }
    return answerOrSignIn(req, reply, accepted);
  }

  const hidden = { hide: true } as never;
  app.get('/saml/metadata', { config: { access: 'public' }, schema: hidden }, async (_req, reply) =>
    reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(identityProvider(publicUrl, keys).getMetadata()),
  );
  app.get('/saml/sso', { config: { access: 'public' }, schema: hidden }, (req, reply) => sso(req, reply, 'redirect', req.query));
  app.post('/saml/sso', { config: { access: 'public' }, schema: hidden }, (req, reply) => sso(req, reply, 'post', req.body));

  app.get('/saml/resume', { config: { access: 'public' }, schema: hidden }, async (req, reply) => {
    const query = resumeQuery.safeParse(req.query ?? {});
    const pending = query.success ? await takePendingRequest(db, query.data.state) : null;
    const application = pending ? await findSamlApplication(db, pending.application_id) : null;
    if (!pending || !application)
      return refuse(
        req,
        reply,
        new SamlRefused(
          400,
          'Sign-on expired',
          'This sign-on has expired or was already used. Start again from the application.',
          'unknown-pending',
        ),
      );
    if ((await signedInAccount(req, reply)) === null)
      return refuse(
        req,
        reply,
        new SamlRefused(401, 'Not signed in', 'You did not finish signing in to the portal.', 'not-signed-in', application.application_id),
      );
    return answerOrSignIn(req, reply, {
      application,
      requestId: pending.request_id,
      acsUrl: pending.acs_url,
      relayState: pending.relay_state,
    });
  });

  app.get('/saml/launch/:applicationId', { config: { access: 'public' }, schema: hidden }, async (req, reply) => {
    const params = launchParams.safeParse(req.params ?? {});
    const application = params.success ? await findSamlApplication(db, params.data.applicationId) : null;
    if (!application?.acs_urls[0])
      return refuse(
        req,
        reply,
        new SamlRefused(404, 'Unknown application', 'This application does not sign in by SAML.', 'unknown-application'),
      );
    return answerOrSignIn(req, reply, {
      application,
      requestId: null,
      acsUrl: application.acs_urls[0].url,
      relayState: application.default_relay_state,
    });
  });
}

import { SAML_REQUEST_BOUNDS } from '@portico/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { fastifyPublic } from '../../lib/guard';
import { RateLimited } from '../../lib/rate-limit';
import { securityLog } from '../../lib/security-log';
import { sendRefusal } from '../applications/index';
import { identityProvider, SAML_CLIENT_ID } from './entities';
import type { SamlKeys } from './keys';
import { SAML_STATUS, samlId, sendPostForm } from './presenter';
import {
  type AcceptedRequest,
  type Answer,
  acceptAuthnRequest,
  answerFor,
  type IncomingRequest,
  keepPendingSignOn,
  launchTarget,
  memberOfAccount,
  resumePendingSignOn,
  SamlRefused,
  type SignOn,
  statusAnswer,
} from './service';

const samlMessage = z.object({
  SAMLRequest: z.string().min(1).max(SAML_REQUEST_BOUNDS.encodedChars),
  RelayState: z.string().max(1024).optional(),
  SigAlg: z.string().max(200).optional(),
  Signature: z.string().max(2000).optional(),
});
/** A resumed or IdP-initiated sign-on: the member has just signed in (or launches), nothing more to check. */
const NO_CONDITIONS = { isPassive: false, forceAuthn: false, refusedNameIdFormat: null } as const;

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

  /** The provider session's account and when it last entered its password (seconds), or null when not signed in. */
  async function signedIn(req: FastifyRequest, reply: FastifyReply): Promise<{ accountId: number; authTime: number } | null> {
    const session = await provider.Session.get(provider.createContext(req.raw, reply.raw) as never);
    const id = Number(session?.accountId);
    return Number.isInteger(id) && id > 0 ? { accountId: id, authTime: Number(session.authTime()) || 0 } : null;
  }

  /** The per-address limit of /saml/sso and /saml/launch, shared by every instance; true when refused (a 429 page). */
  async function limited(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    try {
      await app.limits.hit([['saml', `address:${req.ip}`]]);
      return false;
    } catch (error) {
      if (!(error instanceof RateLimited)) throw error;
      reply.header('retry-after', String(error.retryAfterSeconds));
      refuse(req, reply, new SamlRefused(429, 'Too many sign-on requests', error.message, 'rate-limited'));
      return true;
    }
  }

  const sendAnswer = (reply: FastifyReply, answer: Answer) =>
    sendPostForm(reply, answer.acsUrl, answer.formOrigin, answer.samlResponse, answer.relayState, answer.application.name);

  /** A status Response to the SP (NoPassive, InvalidNameIDPolicy): no assertion, a saml-refused line. */
  async function answerStatus(
    req: FastifyRequest,
    reply: FastifyReply,
    target: SignOn & { requestId: string },
    detail: string,
    status: { top: string; second: string; message: string },
  ) {
    try {
      const answer = await statusAnswer(publicUrl, keys, target, status);
      securityLog(req, 'saml-refused', { detail: `${detail} application ${target.application.application_id}` });
      return sendAnswer(reply, answer);
    } catch (error) {
      return refuse(req, reply, error);
    }
  }

  function refuse(req: FastifyRequest, reply: FastifyReply, error: unknown, accountId: number | null = null) {
    if (!(error instanceof SamlRefused)) throw error;
    securityLog(req, 'saml-refused', {
      accountId,
      detail: `${error.detail}${error.applicationId ? ` application ${error.applicationId}` : ''}`,
    });
    return sendRefusal(reply, error.status, error.title, error.message, publicUrl);
  }

  /**
   * Answers at once for a signed-in member; otherwise keeps the request and sends the member to sign in (again, with
   * ForceAuthn). IsPassive without a signed-in member, and a NameIDPolicy the application cannot meet, get a status.
   */
  async function answerOrSignIn(req: FastifyRequest, reply: FastifyReply, target: SignOn) {
    const { requestId } = target;
    if (requestId && target.refusedNameIdFormat)
      return answerStatus(req, reply, { ...target, requestId }, 'invalid-name-id-policy', {
        top: SAML_STATUS.requester,
        second: SAML_STATUS.invalidNameIdPolicy,
        message: 'The application is registered with another NameID format.',
      });
    const session = await signedIn(req, reply);
    const accountId = session && !target.forceAuthn ? session.accountId : null;
    if (accountId === null && requestId && target.isPassive)
      return answerStatus(req, reply, { ...target, requestId }, 'no-passive', {
        top: SAML_STATUS.responder,
        second: SAML_STATUS.noPassive,
        message: target.forceAuthn ? 'A fresh sign-in needs the member.' : 'The member is not signed in to the portal.',
      });
    if (accountId === null) {
      const handle = await keepPendingSignOn(db, `address:${req.ip}`, target);
      const params = new URLSearchParams({
        client_id: SAML_CLIENT_ID,
        redirect_uri: `${publicUrl}/saml/resume`,
        response_type: 'none',
        scope: 'openid',
        state: handle,
        ...(target.forceAuthn ? { prompt: 'login' } : {}),
      });
      return reply.redirect(`/oidc/auth?${params}`, 303);
    }
    try {
      const member = await memberOfAccount(db, accountId);
      const answer = await answerFor(db, publicUrl, keys, member, { ...target, sessionIndex: samlId() });
      securityLog(req, 'saml-assertion-sent', { accountId, detail: `application ${answer.application.application_id}` });
      return sendAnswer(reply, answer);
    } catch (error) {
      return refuse(req, reply, error, accountId);
    }
  }

  async function sso(req: FastifyRequest, reply: FastifyReply, binding: 'redirect' | 'post', input: unknown) {
    if (await limited(req, reply)) return reply;
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
  app.get('/saml/metadata', { config: fastifyPublic, schema: hidden }, async (_req, reply) =>
    reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(identityProvider(publicUrl, keys).getMetadata()),
  );
  app.get('/saml/sso', { config: fastifyPublic, schema: hidden }, (req, reply) => sso(req, reply, 'redirect', req.query));
  app.post(
    '/saml/sso',
    {
      config: fastifyPublic,
      schema: hidden,
      bodyLimit: SAML_REQUEST_BOUNDS.postBodyBytes,
      // A body over the cap or that does not parse: the refusal page, never the API's JSON nor a 500.
      errorHandler: (error, req, reply) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status < 400 || status >= 500) throw error;
        return refuse(
          req,
          reply,
          new SamlRefused(status, 'Single sign-on refused', 'The sign-on request is too long or malformed.', 'malformed-body'),
        );
      },
    },
    (req, reply) => sso(req, reply, 'post', req.body),
  );

  app.get('/saml/resume', { config: fastifyPublic, schema: hidden }, async (req, reply) => {
    const query = resumeQuery.safeParse(req.query ?? {});
    const resumed = query.success ? await resumePendingSignOn(db, query.data.state) : null;
    if (!resumed)
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
    const { pending, application } = resumed;
    const session = await signedIn(req, reply);
    if (session === null)
      return refuse(
        req,
        reply,
        new SamlRefused(401, 'Not signed in', 'You did not finish signing in to the portal.', 'not-signed-in', application.application_id),
      );
    // ForceAuthn: the password must have been entered after the request began to wait.
    if (pending.force_authn && session.authTime * 1000 < new Date(pending.created_on).getTime() - 1000)
      return refuse(
        req,
        reply,
        new SamlRefused(
          401,
          'Not signed in',
          'The application asks you to enter your password again.',
          'not-reauthenticated',
          application.application_id,
        ),
        session.accountId,
      );
    return answerOrSignIn(req, reply, {
      application,
      requestId: pending.request_id,
      acsUrl: pending.acs_url,
      relayState: pending.relay_state,
      ...NO_CONDITIONS,
    });
  });

  app.get('/saml/launch/:applicationId', { config: fastifyPublic, schema: hidden }, async (req, reply) => {
    if (await limited(req, reply)) return reply;
    const params = launchParams.safeParse(req.params ?? {});
    const launch = params.success ? await launchTarget(db, params.data.applicationId) : null;
    if (!launch)
      return refuse(
        req,
        reply,
        new SamlRefused(404, 'Unknown application', 'This application does not sign in by SAML.', 'unknown-application'),
      );
    return answerOrSignIn(req, reply, {
      ...launch,
      requestId: null,
      relayState: launch.application.default_relay_state,
      ...NO_CONDITIONS,
    });
  });
}

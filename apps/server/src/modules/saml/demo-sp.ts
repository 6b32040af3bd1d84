import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index';
import { escapeHtml, page, SCRIPTLESS_PAGE_CSP, sendHtml } from '../../identity/html';
import { fastifyPublic } from '../../lib/guard';
import { ensureApplication, setApplicationUrl } from '../applications/index';
import { identityProvider } from './entities';
import type { SamlKeys } from './keys';
import { DEFAULT_ATTRIBUTE_MAP, UNSPECIFIED_NAME_ID } from './policy';
import { upsertSamlApplication } from './repository';
import { samlify } from './samlify';

export const DEMO_SP_NAME_SHORT = 'DEMOSAML';
const demoUrls = (publicUrl: string) => ({ entityId: `${publicUrl}/saml/demo-sp`, acs: `${publicUrl}/saml/demo-sp/acs` });

/**
 * The demo's SAML application (demo mode only): a tile on the dashboard that signs the member in to Portico's own
 * small demo service provider at /saml/demo-sp, which checks the assertion and shows what it received.
 */
export async function ensureDemoSamlApplication(db: Db, publicUrl: string): Promise<number> {
  const urls = demoUrls(publicUrl);
  const id = await ensureApplication(
    db,
    DEMO_SP_NAME_SHORT,
    'Demo SAML application',
    'A demo service provider: opens signed in by SAML and shows the attributes it received',
  );
  await setApplicationUrl(db, id, `${publicUrl}/saml/launch/${id}`);
  await upsertSamlApplication(db, {
    applicationId: id,
    entityId: urls.entityId,
    acsUrls: [{ url: urls.acs, binding: 'post' }],
    nameIdFormat: UNSPECIFIED_NAME_ID,
    nameIdSource: 'memberMlsId',
    attributeMap: DEFAULT_ATTRIBUTE_MAP,
    allowUnsignedRequests: true,
    spSigningCertificate: null,
    defaultRelayState: null,
  });
  return id;
}

const acsBody = z.object({ SAMLResponse: z.string().min(1).max(200_000), RelayState: z.string().max(1024).optional() });

function send(reply: FastifyReply, status: number, title: string, body: string) {
  return sendHtml(reply, status, page(title, `<main class="card">${body}</main>`), SCRIPTLESS_PAGE_CSP);
}

/** The demo service provider's pages: a start page, its SP-initiated sign-on, and its ACS that shows the attributes. */
export async function demoSpRoutes(app: FastifyInstance, keys: SamlKeys): Promise<void> {
  const { publicUrl } = app.config;
  const urls = demoUrls(publicUrl);
  const sp = samlify.ServiceProvider({
    entityID: urls.entityId,
    // Its NameIDPolicy asks for the format it is registered with (another is refused: decision 1015).
    nameIDFormat: [UNSPECIFIED_NAME_ID],
    wantAssertionsSigned: true,
    wantMessageSigned: true,
    assertionConsumerService: [{ Binding: samlify.Constants.namespace.binding.post, Location: urls.acs }],
  });
  // The demo SP knows the identity provider only by its published metadata, as a vendor would.
  const idp = () => samlify.IdentityProvider({ metadata: identityProvider(publicUrl, keys).getMetadata() });
  const hidden = { hide: true } as never;

  app.get('/saml/demo-sp', { config: fastifyPublic, schema: hidden }, async (_req, reply) =>
    send(
      reply,
      200,
      'Demo service provider',
      `<h1>Demo service provider</h1><p>A stand-in for an MLS vendor's application that signs members in with Portico by SAML 2.0.</p>
       <p class="links"><a href="/saml/demo-sp/login">Sign in with the member portal</a></p>`,
    ),
  );
  app.get('/saml/demo-sp/login', { config: fastifyPublic, schema: hidden }, async (_req, reply) => {
    // The demo application is registered to send unsigned requests (it has no key of its own).
    const { context } = sp.createLoginRequest(identityProvider(publicUrl, keys, false), 'redirect') as { context: string };
    return reply.redirect(context, 303);
  });
  app.post('/saml/demo-sp/acs', { config: fastifyPublic, schema: hidden }, async (req, reply) => {
    const body = acsBody.safeParse(req.body ?? {});
    if (!body.success) return send(reply, 400, 'No assertion', '<h1>No assertion</h1><p>This page receives SAML responses only.</p>');
    try {
      const result = await sp.parseLoginResponse(idp(), 'post', { body: body.data });
      const extract = result.extract as { nameID?: string; attributes?: Record<string, string | string[]>; audience?: string };
      const rows = Object.entries(extract.attributes ?? {})
        .map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(String(value))}</td></tr>`)
        .join('');
      return send(
        reply,
        200,
        'Signed in to the demo application',
        `<h1>Signed in by SAML</h1><p>The demo service provider verified Portico's signed assertion.</p>
         <p>NameID: <strong data-testid="saml-name-id">${escapeHtml(extract.nameID ?? '')}</strong></p>
         <table><caption>Attributes received</caption><tbody>${rows}</tbody></table>`,
      );
    } catch (error) {
      req.log.warn({ err: error }, 'demo SP refused a SAML response');
      return send(
        reply,
        400,
        'Assertion refused',
        '<h1>Assertion refused</h1><p>The demo service provider could not verify the answer.</p>',
      );
    }
  });
}

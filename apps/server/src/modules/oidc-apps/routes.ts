import {
  envelope,
  envelopeSchema,
  OIDC_APP_MESSAGES,
  oidcClientInputSchema,
  oidcClientParamsSchema,
  oidcClientSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, can } from '../../lib/guard';
import { route } from '../../lib/route';
import { isOidcAppsStaff } from './policy';
import { launcherApplicationOfClient, oidcClientOf, type ProviderFacts, rotateOidcClientSecret, saveOidcClient } from './service';

const tags = ['sso-applications'];

/** The OpenID Connect client of an application of the launcher (issue 19 section 2, decision 0989). */
export async function oidcAppsRoutes(app: FastifyInstance): Promise<void> {
  const facts: ProviderFacts = { issuer: app.config.issuer, embeddedIdentity: app.config.embeddedIdentity };

  route(app, {
    method: 'GET',
    url: '/api/app/SsoApplications/:applicationId/OidcClient',
    guard: can('oidc-apps.read', launcherApplicationOfClient, undefined, { allow: isOidcAppsStaff }),
    summary: "An application's OpenID Connect client (never its secret); no result when it has none",
    tags,
    response: envelopeSchema(oidcClientSchema),
    params: oidcClientParamsSchema,
    handler: async ({ db, row }) => envelope(await oidcClientOf(db, row.id, facts)),
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/SsoApplications/:applicationId/OidcClient',
    guard: allow('oidc-apps.save', isOidcAppsStaff),
    summary: 'Registers the application as an OpenID Connect client (its secret shown in this answer only) or changes it',
    tags,
    response: envelopeSchema(oidcClientSchema),
    params: oidcClientParamsSchema,
    body: oidcClientInputSchema,
    bodyLimit: 65_536,
    handler: async ({ db, params, body }) => {
      const { client, created } = await saveOidcClient(db, params.applicationId, body, facts);
      return envelope([client], created ? OIDC_APP_MESSAGES.created : OIDC_APP_MESSAGES.saved);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SsoApplications/:applicationId/OidcClient/Secret',
    guard: allow('oidc-apps.rotate-secret', isOidcAppsStaff),
    summary: 'Makes a new client secret (shown in this answer only); the old one stops working at once',
    tags,
    response: envelopeSchema(oidcClientSchema),
    params: oidcClientParamsSchema,
    bodyLimit: 1024,
    handler: async ({ db, params }) => envelope([await rotateOidcClientSecret(db, params.applicationId, facts)], OIDC_APP_MESSAGES.rotated),
  });
}

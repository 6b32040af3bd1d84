import {
  envelope,
  SSO_MESSAGES,
  ssoApplicationCreateSchema,
  ssoApplicationIdParamSchema,
  ssoApplicationUpdateSchema,
  ssoMetadataUploadSchema,
  ssoTestSignOnSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { ssoStaff } from './policy';
import { presentSso, presentSummary, presentTest } from './presenter';
import { findSamlSettings, findSsoApplication, listSsoApplications } from './repository';
import { registerFromMetadata, removeSso, saveSsoSettings, testSignOn } from './service';

const tags = ['sso'];

/** MLS staff register the launcher's applications for single sign-on (issue 19 section 3, decision 0988). */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const { publicUrl } = app.config;
  const answer = async (db: Db, applicationId: number, message = '') => {
    const row = await findSsoApplication(db, applicationId);
    if (!row) throw notFound('The application');
    return envelope([presentSso(row, await findSamlSettings(db, applicationId), publicUrl)], message);
  };

  route(app, {
    method: 'GET',
    url: '/api/app/SsoApplications',
    // MLS staff (level 5), over every application of the launcher.
    access: ssoStaff,
    summary: 'Every application of the launcher with its sign-on protocol (link, saml, oidc)',
    tags,
    handler: async ({ db }) => envelope((await listSsoApplications(db)).map(presentSummary)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/SsoApplications/:applicationId',
    // MLS staff (level 5), any application.
    access: ssoStaff,
    summary: "One application's protocol, SAML settings, and the IdP metadata URL to hand to the vendor",
    tags,
    params: ssoApplicationIdParamSchema,
    handler: async ({ db, params }) => answer(db, params.applicationId),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SsoApplications',
    // MLS staff (level 5), an application that opens as a link only so far.
    access: ssoStaff,
    summary: 'Registers single sign-on (saml or oidc) for an application of the launcher that has none yet',
    tags,
    body: ssoApplicationCreateSchema,
    bodyLimit: 64 * 1024,
    handler: async ({ db, body }) => {
      await saveSsoSettings(db, body.applicationId, body, true);
      return answer(db, body.applicationId, SSO_MESSAGES.saved);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/api/app/SsoApplications/:applicationId',
    // MLS staff (level 5), any application.
    access: ssoStaff,
    summary: "Sets an application's protocol and, for saml, its settings (entity id, ACS, NameID, attributes, certificate)",
    tags,
    params: ssoApplicationIdParamSchema,
    body: ssoApplicationUpdateSchema,
    bodyLimit: 64 * 1024,
    handler: async ({ db, params, body }) => {
      await saveSsoSettings(db, params.applicationId, body);
      return answer(db, params.applicationId, SSO_MESSAGES.saved);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/app/SsoApplications/:applicationId',
    // MLS staff (level 5), any application.
    access: ssoStaff,
    summary: 'Removes single sign-on: the application opens as a link again and its SAML settings are deleted',
    tags,
    params: ssoApplicationIdParamSchema,
    handler: async ({ db, params }) => {
      await removeSso(db, params.applicationId);
      return answer(db, params.applicationId, SSO_MESSAGES.removed);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SsoApplications/:applicationId/Metadata',
    // MLS staff (level 5), any application.
    access: ssoStaff,
    summary: "Registers the application for SAML from its SP's metadata XML (entity id, ACS URLs, signing certificate)",
    tags,
    params: ssoApplicationIdParamSchema,
    body: ssoMetadataUploadSchema,
    bodyLimit: 256 * 1024,
    handler: async ({ db, params, body }) => {
      await registerFromMetadata(db, params.applicationId, body.xml);
      return answer(db, params.applicationId, SSO_MESSAGES.metadataRead);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SsoApplications/:applicationId/TestSignOn',
    // MLS staff (level 5), any application and any member (attributes only, never a key or a signature).
    access: ssoStaff,
    summary: 'The NameID and attributes Portico would send for a member, and whether the audience rules would refuse them',
    tags,
    params: ssoApplicationIdParamSchema,
    body: ssoTestSignOnSchema,
    bodyLimit: 4096,
    handler: async ({ db, params, body }) => {
      const test = await testSignOn(db, params.applicationId, body.loginId);
      return envelope([presentTest(test.member, test.saml, test.content, test)]);
    },
  });
}

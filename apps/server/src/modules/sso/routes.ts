import {
  envelope,
  envelopeSchema,
  SSO_MESSAGES,
  ssoApplicationCreateSchema,
  ssoApplicationIdParamSchema,
  ssoApplicationSchema,
  ssoApplicationSummarySchema,
  ssoApplicationUpdateSchema,
  ssoMetadataUploadSchema,
  ssoTestSignOnResultSchema,
  ssoTestSignOnSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index';
import { allow, can } from '../../lib/guard';
import { route } from '../../lib/route';
import { isSsoStaff } from './policy';
import { presentSso, presentSummary, presentTest } from './presenter';
import {
  registerFromMetadata,
  removeSso,
  type SsoSettings,
  saveSsoSettings,
  ssoApplication,
  ssoApplications,
  ssoApplicationToChange,
  ssoSettingsById,
  ssoSettingsOf,
  testSignOn,
} from './service';

const tags = ['sso'];

/** MLS staff register the launcher's applications for single sign-on (issue 19 section 3, decision 0988). */
export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const { publicUrl } = app.config;
  const present = ({ row, saml }: SsoSettings, message = '') => envelope([presentSso(row, saml, publicUrl)], message);
  const answer = async (db: Db, applicationId: number, message = '') => present(await ssoSettingsById(db, applicationId), message);

  route(app, {
    method: 'GET',
    url: '/api/app/SsoApplications',
    // MLS staff (level 5), over every application of the launcher.
    guard: allow('sso.list', isSsoStaff),
    summary: 'Every application of the launcher with its sign-on protocol (link, saml, oidc)',
    tags,
    response: envelopeSchema(ssoApplicationSummarySchema),
    handler: async ({ db }) => envelope((await ssoApplications(db)).map(presentSummary)),
  });

  route(app, {
    method: 'GET',
    url: '/api/app/SsoApplications/:applicationId',
    // MLS staff (level 5), any application.
    guard: can('sso.read', ssoApplication, undefined, { allow: isSsoStaff }),
    summary: "One application's protocol, SAML settings, and the IdP metadata URL to hand to the vendor",
    tags,
    response: envelopeSchema(ssoApplicationSchema),
    params: ssoApplicationIdParamSchema,
    handler: async ({ db, row }) => present(await ssoSettingsOf(db, row)),
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SsoApplications',
    // MLS staff (level 5), an application that opens as a link only so far.
    guard: allow('sso.create', isSsoStaff),
    summary: 'Registers single sign-on (saml or oidc) for an application of the launcher that has none yet',
    tags,
    response: envelopeSchema(ssoApplicationSchema),
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
    guard: can('sso.update', ssoApplicationToChange, undefined, { allow: isSsoStaff }),
    summary: "Sets an application's protocol and, for saml, its settings (entity id, ACS, NameID, attributes, certificate)",
    tags,
    response: envelopeSchema(ssoApplicationSchema),
    params: ssoApplicationIdParamSchema,
    body: ssoApplicationUpdateSchema,
    bodyLimit: 64 * 1024,
    handler: async ({ db, row, body }) => {
      await saveSsoSettings(db, row.id, body);
      return answer(db, row.id, SSO_MESSAGES.saved);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/app/SsoApplications/:applicationId',
    // MLS staff (level 5), any application.
    guard: can('sso.delete', ssoApplication, undefined, { allow: isSsoStaff }),
    summary: 'Removes single sign-on: the application opens as a link again and its SAML settings are deleted',
    tags,
    response: envelopeSchema(ssoApplicationSchema),
    params: ssoApplicationIdParamSchema,
    handler: async ({ db, row }) => {
      await removeSso(db, row.id);
      return answer(db, row.id, SSO_MESSAGES.removed);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/app/SsoApplications/:applicationId/Metadata',
    // MLS staff (level 5), any application.
    guard: allow('sso.metadata', isSsoStaff),
    summary: "Registers the application for SAML from its SP's metadata XML (entity id, ACS URLs, signing certificate)",
    tags,
    response: envelopeSchema(ssoApplicationSchema),
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
    guard: can('sso.test-sign-on', ssoApplication, undefined, { allow: isSsoStaff }),
    summary: 'The NameID and attributes Portico would send for a member, and whether the audience rules would refuse them',
    tags,
    response: envelopeSchema(ssoTestSignOnResultSchema),
    params: ssoApplicationIdParamSchema,
    body: ssoTestSignOnSchema,
    bodyLimit: 4096,
    handler: async ({ db, row, body }) => {
      const test = await testSignOn(db, row.id, body.loginId);
      return envelope([presentTest(test.member, test.saml, test.content, test)]);
    },
  });
}

import {
  dismissSharedLoginSchema,
  envelope,
  envelopeSchema,
  SHARED_LOGIN_MESSAGES as M,
  sharedLoginCitationSchema,
  sharedLoginDetailSchema,
  sharedLoginListQuerySchema,
  sharedLoginMemberSchema,
  sharedLoginParamsSchema,
  sharedLoginSettingsSchema,
  sharedLoginSettingsViewSchema,
} from '@portico/shared';
import type { FastifyInstance } from 'fastify';
import { allow, can } from '../../lib/guard';
import { route } from '../../lib/route';
import { securityEvent } from '../security-activity/index';
import { isMlsStaff, isSharedLoginStaff, mayActOn, queueScope } from './policy';
import {
  accountInPath,
  changeSettings,
  cite,
  currentSettings,
  detailOf,
  dismiss,
  notify,
  queueOf,
  requireReset,
  signalsRetentionJob,
} from './service';

const tags = ['shared-logins'];
const BASE = '/api/app/SharedLogins';

/** Staff act on one member: association staff on their association's members only (403), MLS staff on all. */
const onMember = (name: string) => can(name, accountInPath, mayActOn, { allow: isSharedLoginStaff });

/** Issue 32 §5: the Shared logins queue and its thresholds (decision 1152). The staff audit trail records every action. */
export async function sharedLoginsRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: `${BASE}/Settings`,
    guard: allow('shared-logins.settings.read', isSharedLoginStaff),
    summary: 'The thresholds of shared-login detection: devices in 7 days, fastest travel (km/h), distance of distant places (km)',
    tags,
    response: envelopeSchema(sharedLoginSettingsViewSchema),
    handler: async ({ db }) => envelope([await currentSettings(db)]),
  });

  route(app, {
    method: 'PUT',
    url: `${BASE}/Settings`,
    guard: allow('shared-logins.settings.update', isMlsStaff),
    summary: 'Saves the thresholds of shared-login detection (MLS staff); later sign-ins are judged by them',
    tags,
    body: sharedLoginSettingsSchema,
    bodyLimit: 1024,
    response: envelopeSchema(sharedLoginSettingsViewSchema),
    handler: async ({ db, body, principal }) => envelope([await changeSettings(db, body, principal?.accountId ?? null)], M.settingsSaved),
  });

  route(app, {
    method: 'GET',
    url: BASE,
    guard: allow('shared-logins.list', isSharedLoginStaff),
    summary: 'Members with open shared-login flags, highest score first (association staff: their association’s members)',
    tags,
    query: sharedLoginListQuerySchema,
    response: envelopeSchema(sharedLoginMemberSchema),
    handler: async ({ db, query, viewer }) => {
      const page = await queueOf(db, queueScope(viewer), query);
      return envelope(page.members, '', { totalResults: page.totalResults, totalPages: page.totalPages });
    },
  });

  route(app, {
    method: 'GET',
    url: `${BASE}/:accountId`,
    guard: onMember('shared-logins.read'),
    summary: 'One member’s flags (open, and dismissed in 90 days) with their evidence, and the timeline of sign-ins',
    tags,
    params: sharedLoginParamsSchema,
    response: envelopeSchema(sharedLoginDetailSchema),
    handler: async ({ db, row }) => envelope([await detailOf(db, row)]),
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/:accountId/Dismiss`,
    guard: onMember('shared-logins.dismiss'),
    summary: 'Dismisses one open flag of the member, with the reason (required)',
    tags,
    params: sharedLoginParamsSchema,
    body: dismissSharedLoginSchema,
    bodyLimit: 2048,
    response: envelopeSchema(sharedLoginDetailSchema),
    handler: async ({ db, row, body, principal }) => {
      await dismiss(db, row, body, principal?.accountId ?? null);
      return envelope([await detailOf(db, row)], M.dismissed);
    },
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/:accountId/Notify`,
    guard: onMember('shared-logins.notify'),
    summary: 'Notifies the member and a copy to their broker (notification and mail) of the flagged sign-ins',
    tags,
    params: sharedLoginParamsSchema,
    response: envelopeSchema(sharedLoginDetailSchema),
    handler: async ({ db, row }) => {
      await notify(db, app.mailer, row);
      return envelope([await detailOf(db, row)], M.notified);
    },
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/:accountId/RequireReset`,
    guard: onMember('shared-logins.require-reset'),
    summary: 'Signs the member out everywhere; a password change and a new second factor are required at the next sign-in',
    tags,
    params: sharedLoginParamsSchema,
    response: envelopeSchema(sharedLoginDetailSchema),
    handler: async ({ db, row, req, principal }) => {
      const event = await securityEvent(req, { accountId: row.id, kind: 'shared-login-reset', byAccountId: principal?.accountId ?? null });
      await requireReset(db, row, event);
      app.principals.forgetAccount(row.id);
      return envelope([await detailOf(db, { ...row, required_password_update: true })], M.resetRequired);
    },
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/:accountId/Cite`,
    guard: onMember('shared-logins.cite'),
    summary: 'Issues a citation under the rule book’s access (password-sharing) rule, the open flags as its facts',
    tags,
    params: sharedLoginParamsSchema,
    response: envelopeSchema(sharedLoginCitationSchema),
    handler: async ({ db, row, viewer }) => {
      const id = await cite(db, app.mailer, viewer, app.config.mlsTimeZone, row);
      return envelope([{ citationId: id }], M.cited(id));
    },
  });

  app.jobs.define(signalsRetentionJob);
}

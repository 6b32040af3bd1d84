import { randomBytes } from 'node:crypto';
import { OIDC_APP_MESSAGES, type OidcClient, type oidcClientInputSchema } from '@portico/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/index';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { open, seal } from '../../lib/secret-box';
import { APPLICATION_CLIENT_PREFIX } from './policy';
import { presentOidcClient } from './presenter';
import {
  findApplicationName,
  findOidcApplication,
  insertOidcApplication,
  markOidcProtocol,
  type OidcApplicationRow,
  replaceClientSecret,
  updateOidcApplication,
} from './repository';

type Input = z.output<typeof oidcClientInputSchema>;

export interface ProviderFacts {
  issuer: string;
  /** False when an external provider (OIDC_ISSUER) owns sign-in: then nothing can be registered. */
  embeddedIdentity: boolean;
}

/** 32 random bytes: a secret no one guesses, shown once and kept sealed. */
const newSecret = () => randomBytes(32).toString('base64url');
const newClientId = () => `${APPLICATION_CLIENT_PREFIX}${randomBytes(12).toString('base64url')}`;

function refuseWhenExternal(facts: ProviderFacts) {
  if (!facts.embeddedIdentity)
    throw new AppError(
      'CONFLICT',
      'OpenID Connect applications are off: an external identity provider (OIDC_ISSUER) owns sign-in to the portal.',
    );
}

async function applicationOrNotFound(q: Queryable, applicationId: number) {
  const application = await findApplicationName(q, applicationId);
  if (!application) throw notFound('The application');
  return application;
}

/** The guards' row (routes.ts): an application of the launcher (staff reach every one); a missing one is 404. */
export const launcherApplicationOfClient = rowLoader<{ id: number }, { params: { applicationId: number } }>(
  'application of the launcher',
  notFound('The application').message,
  async ({ db, params }) => ((await findApplicationName(db, params.applicationId)) ? { id: params.applicationId } : null),
);

/** The client of an application (no secret), or none yet; the guard has loaded the application. */
export async function oidcClientOf(db: Db, applicationId: number, facts: ProviderFacts): Promise<OidcClient[]> {
  const row = await findOidcApplication(db, applicationId);
  return row ? [presentOidcClient(row, facts.issuer)] : [];
}

/**
 * Registers the application's client (a new id and secret, the secret in this answer only) or changes its settings
 * (the same id and secret). One transaction.
 */
export async function saveOidcClient(
  db: Db,
  applicationId: number,
  input: Input,
  facts: ProviderFacts,
): Promise<{ client: OidcClient; created: boolean }> {
  refuseWhenExternal(facts);
  return db.tx(async (tx) => {
    await applicationOrNotFound(tx, applicationId);
    const existing = await findOidcApplication(tx, applicationId);
    const settings = { ...input, scopes: [...input.scopes] };
    let secret: string | undefined;
    if (existing) await updateOidcApplication(tx, applicationId, settings);
    else {
      secret = newSecret();
      await insertOidcApplication(tx, applicationId, newClientId(), seal(secret), settings);
    }
    await markOidcProtocol(tx, applicationId);
    const row = (await findOidcApplication(tx, applicationId)) as OidcApplicationRow;
    return { client: presentOidcClient(row, facts.issuer, secret), created: !existing };
  });
}

/** A new secret for the client: the old one stops working at once; the new one is in this answer only. */
export async function rotateOidcClientSecret(db: Db, applicationId: number, facts: ProviderFacts): Promise<OidcClient> {
  refuseWhenExternal(facts);
  return db.tx(async (tx) => {
    await applicationOrNotFound(tx, applicationId);
    if (!(await findOidcApplication(tx, applicationId))) throw badRequest(OIDC_APP_MESSAGES.notRegistered);
    const secret = newSecret();
    await replaceClientSecret(tx, applicationId, seal(secret));
    const row = (await findOidcApplication(tx, applicationId)) as OidcApplicationRow;
    return presentOidcClient(row, facts.issuer, secret);
  });
}

/** The client's secret, opened (for the provider's comparison and the demo relying party). */
export const clientSecretOf = (row: OidcApplicationRow) => open(row.client_secret_sealed);

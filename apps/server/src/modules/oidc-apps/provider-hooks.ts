import type { FastifyReply } from 'fastify';
import { type AdapterPayload, type Grant, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/index';
import { audienceRefusal, type LaunchRefusal, launchRefusal, recordLaunch, sendRefusal } from '../applications/index';
import { findMemberByAccountId } from '../members/index';
import { grantedScopes, isApplicationClientId, memberClaims } from './policy';
import { providerClientMetadata } from './presenter';
import { findOidcApplicationByClientId, memberIdOfAccount } from './repository';
import { clientSecretOf } from './service';

/** The prompt of a member the application's audience leaves out: the sign-in pages show a refusal, never a code. */
export const APPLICATION_ACCESS_PROMPT = 'application_access';

/**
 * What the embedded provider needs to serve the launcher's OIDC applications (decision 0989): their clients from the
 * database, the audience rules at the authorization endpoint, a grant without a consent screen, the member claims,
 * and one launch-log row per sign-in (not counted as a launch: decision 1010).
 */
export function applicationClients(db: Db) {
  const refusedApplication = new WeakMap<object, { title: string; message: string }>();

  /** The client's metadata, read on every request: a disabled or deleted client is unknown at once, on every instance. */
  async function findClient(clientId: string): Promise<AdapterPayload | undefined> {
    if (!isApplicationClientId(clientId)) return undefined;
    const row = await findOidcApplicationByClientId(db, clientId);
    if (!row?.enabled) return undefined;
    return providerClientMetadata(row, clientSecretOf(row)) as AdapterPayload;
  }

  /** True (prompt) when the signed-in member may not use the application: the launcher's audience rules. */
  async function refusesMember(ctx: KoaContextWithOIDC): Promise<boolean> {
    const { client, session } = ctx.oidc;
    if (!client || !isApplicationClientId(client.clientId) || !session?.accountId) return false;
    const row = await findOidcApplicationByClientId(db, client.clientId);
    if (!row) return false;
    const member = await findMemberByAccountId(db, Number(session.accountId));
    const refusal: LaunchRefusal | null =
      member !== null && member.id !== null
        ? await launchRefusal(db, member, { id: row.application_id, name: row.application_name })
        : { outcome: 'refused-audience', ...audienceRefusal(row.application_name) };
    if (!refusal) return false;
    refusedApplication.set(ctx, { title: refusal.title, message: refusal.message });
    await recordLaunch(db, member?.id ?? null, row.application_id, 'oidc', member?.id ? refusal.outcome : 'refused-account');
    return true;
  }

  /** The provider's interaction policy: sign-in first, then the application's audience, then consent. */
  function policy() {
    const { base, Prompt, Check } = interactionPolicy;
    const prompts = base();
    prompts.add(
      new Prompt(
        { name: APPLICATION_ACCESS_PROMPT, requestable: false },
        new Check('audience', 'the member may not use this application', 'access_denied', refusesMember, (ctx: KoaContextWithOIDC) => ({
          ...(refusedApplication.get(ctx) ?? audienceRefusal('this application')),
        })),
      ),
      1,
    );
    return prompts;
  }

  /**
   * Applications are registered by MLS staff, who decide what each may receive: no consent screen (as Keycloak's and
   * Clareity's clients). The grant holds the scopes asked for that the client may have.
   */
  async function applicationGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
    const { client, session, result } = ctx.oidc;
    if (!client || !session?.accountId || !isApplicationClientId(client.clientId)) return undefined;
    const grantId = result?.consent?.grantId || session.grantIdFor(client.clientId);
    const found = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
    const grant = found ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
    grant.addOIDCScope(grantedScopes(ctx.oidc.requestParamOIDCScopes, client.scope ?? '').join(' '));
    await grant.save();
    return grant;
  }

  /** The member's claims for an application (the provider keeps those of the granted scopes). */
  async function claimsFor(accountId: number) {
    const member = await findMemberByAccountId(db, accountId);
    if (!member || member.id === null) return undefined;
    return memberClaims(accountId, member);
  }

  /**
   * After the authorization endpoint: an application that received a code is written to the launch log as `signed-in`,
   * its trail; the usage figures count the tile's click instead (decision 1010), so a launch is counted once.
   */
  async function recordSignIns(ctx: KoaContextWithOIDC, next: () => Promise<unknown>) {
    await next();
    const { oidc } = ctx;
    if (!oidc || (oidc.route !== 'authorization' && oidc.route !== 'resume')) return;
    const clientId = oidc.client?.clientId;
    if (!clientId || !isApplicationClientId(clientId) || !oidc.entities.AuthorizationCode || !oidc.session?.accountId) return;
    const row = await findOidcApplicationByClientId(db, clientId);
    const account = await memberIdOfAccount(db, Number(oidc.session.accountId));
    if (row) await recordLaunch(db, account?.member_id ?? null, row.application_id, 'oidc', 'signed-in');
  }

  return { findClient, policy, applicationGrant, claimsFor, recordSignIns };
}

/** The sign-in page's answer to the application-access prompt: the gate's title and message (a hold, or the audience). */
export function sendApplicationRefusal(reply: FastifyReply, refusal: { title: string; message: string }, portalUrl: string) {
  return sendRefusal(reply, 403, refusal.title, refusal.message, portalUrl);
}

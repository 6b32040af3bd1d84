import { randomBytes } from 'node:crypto';
import { SECOND_FACTOR_MESSAGES as M, MAX_SECOND_FACTORS } from '@portico/shared';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Fido2Config } from '../../config';
import type { Db, Queryable } from '../../db/index';
import { badRequest } from '../../lib/errors';
import {
  addPasskey,
  type ChallengeBinding,
  type CredentialRow,
  consumeChallenge,
  credentialById,
  credentialsOfMember,
  recordUse,
  saveChallenge,
  userHandleOfMember,
} from './repository';

/** A ceremony must be answered within this many seconds of its options. */
export const CHALLENGE_SECONDS = 300;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
const limitReached = () => badRequest(M.limitReached, [{ field: 'name', message: M.limitReached }]);

/** Reads the challenge a client answered (in its clientDataJSON); '' when there is none. */
export function answeredChallenge(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge.slice(0, 200) : '';
  } catch {
    return '';
  }
}

/**
 * Options to create a passkey for a member: a discoverable credential with user verification (so it can also sign in
 * without a password), none of the member's authenticators again, and a challenge bound to the account.
 */
export async function registrationOptions(
  db: Db,
  fido2: Fido2Config,
  who: { accountId: number; memberId: number; loginId: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const factors = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM member_second_factors WHERE member_id = $1', [who.memberId]);
  if ((factors?.n ?? 0) >= MAX_SECOND_FACTORS) throw limitReached();
  const userHandle = (await userHandleOfMember(db, who.memberId)) ?? randomBytes(32).toString('base64url');
  const options = await generateRegistrationOptions({
    rpName: fido2.rpName,
    rpID: fido2.rpId,
    userName: who.loginId,
    userID: fromB64(userHandle),
    attestationType: 'none',
    timeout: CHALLENGE_SECONDS * 1000,
    excludeCredentials: (await credentialsOfMember(db, who.memberId)).map((c) => ({ id: c.credential_id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await saveChallenge(
    db,
    options.challenge,
    { purpose: 'enlist', accountId: who.accountId, interactionUid: null },
    CHALLENGE_SECONDS,
    userHandle,
  );
  return options;
}

/**
 * Checks the authenticator's answer (the challenge is taken for good first, so it works once) and adds the passkey
 * as the member's last factor. Answers the new factor's id, or null when the answer does not verify.
 */
export async function verifyRegistration(
  db: Db,
  fido2: Fido2Config,
  who: { accountId: number; memberId: number },
  name: string,
  response: RegistrationResponseJSON,
  also?: (q: Queryable) => Promise<void>,
): Promise<number | null> {
  const binding: ChallengeBinding = { purpose: 'enlist', accountId: who.accountId, interactionUid: null };
  let userHandle: string | null = null;
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: async (challenge) => {
      userHandle = (await consumeChallenge(db, challenge, binding))?.userHandle ?? null;
      return userHandle !== null;
    },
    expectedOrigin: fido2.origin,
    expectedRPID: fido2.rpId,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified || !userHandle) return null;
  const { credential } = verification.registrationInfo;
  return db.tx(async (q) => {
    await q.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [who.memberId]);
    const count = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM member_second_factors WHERE member_id = $1', [who.memberId]);
    if ((count?.n ?? 0) >= MAX_SECOND_FACTORS) throw limitReached();
    if (await credentialById(q, credential.id)) throw badRequest(M.alreadyAdded, [{ field: 'name', message: M.alreadyAdded }]);
    const id = await addPasskey(q, {
      memberId: who.memberId,
      name,
      credentialId: credential.id,
      publicKey: b64(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      userHandle: userHandle as string,
    });
    // The member's Security activity (decision 1130), in the same transaction as the passkey.
    await also?.(q);
    return id;
  });
}

/**
 * Options to sign in: with `allow` the given credentials (a second factor), without it any discoverable passkey of
 * this site (a sign-in without password). User verification is required either way.
 */
export async function authenticationOptions(
  db: Db,
  fido2: Fido2Config,
  binding: ChallengeBinding,
  allow: CredentialRow[] | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: fido2.rpId,
    timeout: CHALLENGE_SECONDS * 1000,
    userVerification: 'required',
    allowCredentials: allow?.map((c) => ({ id: c.credential_id, transports: c.transports })),
  });
  await saveChallenge(db, options.challenge, binding, CHALLENGE_SECONDS);
  return options;
}

/**
 * Checks a sign-in answer made with `credential` (null: no passkey of this site has its id). The challenge it
 * answers is taken for good first, whatever follows, so it works once; then its binding, this site's origin and
 * relying party, user verification, the signature with the stored key, and a signature counter that moved on
 * (recorded at once, so a cloned authenticator or a parallel replay is refused).
 */
export async function verifyAuthentication(
  db: Db,
  fido2: Fido2Config,
  binding: ChallengeBinding,
  response: AuthenticationResponseJSON,
  credential: CredentialRow | null,
): Promise<boolean> {
  const challenge = answeredChallenge(response.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(db, challenge, binding))) return false;
  if (!credential || response.id !== credential.credential_id) return false;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: fido2.origin,
    expectedRPID: fido2.rpId,
    requireUserVerification: true,
    credential: {
      id: credential.credential_id,
      publicKey: fromB64(credential.public_key),
      counter: Number(credential.counter),
      transports: credential.transports,
    },
  }).catch(() => null);
  if (!verification?.verified) return false;
  return recordUse(db, credential.id, Number(credential.counter), verification.authenticationInfo.newCounter);
}

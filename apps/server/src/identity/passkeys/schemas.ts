import { PASSKEY_NAME_MAX, SECOND_FACTOR_MESSAGES } from '@portico/shared';
import { z } from 'zod';

/** base64url text as WebAuthn answers it, with a bound (a credential id is at most 1023 bytes). */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

const common = {
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What `startRegistration` of @simplewebauthn/browser answers. */
export const registrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    attestationObject: b64url(65_536).min(1),
    transports: z.array(z.enum(TRANSPORTS)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
    authenticatorData: b64url(65_536).optional(),
  }),
});

/** What `startAuthentication` of @simplewebauthn/browser answers. */
export const authenticationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    authenticatorData: b64url(65_536).min(1),
    signature: b64url(4096).min(1),
    userHandle: b64url(512).optional(),
  }),
});

export const passkeyNameSchema = z
  .string({ error: SECOND_FACTOR_MESSAGES.passkeyNameRequired })
  .trim()
  .min(1, SECOND_FACTOR_MESSAGES.passkeyNameRequired)
  .max(PASSKEY_NAME_MAX, `Must be at most ${PASSKEY_NAME_MAX} characters`);

/** POST /signin/passkey/enlist/verify (JSON): the name and the authenticator's answer. */
export const enlistVerifyBody = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });

/** The sign-in pages post the authenticator's answer as JSON in a form field. */
export const assertionForm = z.object({ assertion: z.string().max(200_000) });

export const enlistQuery = z.object({
  name: z.string().max(200).default(''),
  returnUrl: z.string().max(2000).default(''),
});

/** Reads the JSON answer of a sign-in form; null when it is not one. */
export function parseAssertion(body: unknown) {
  const form = assertionForm.safeParse(body ?? {});
  if (!form.success) return null;
  try {
    const parsed = authenticationResponseSchema.safeParse(JSON.parse(form.data.assertion));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

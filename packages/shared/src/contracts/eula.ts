import { z } from 'zod';
import { EULA_MESSAGES } from '../domain/eula';

/**
 * An end-user license agreement as the API answers it (seed 002 §3: id, name, content, signature,
 * acknowledgementTime), with its version and publication time. signature and acknowledgementTime are the member's
 * acceptance of this version, null when they have not accepted it.
 */
export const eulaSchema = z.object({
  id: z.number(),
  version: z.string(),
  name: z.string(),
  content: z.string(),
  publishedOn: z.string(),
  signature: z.string().nullable(),
  acknowledgementTime: z.string().nullable(),
});
export type Eula = z.infer<typeof eulaSchema>;

/** `POST api/app/NotificationAcknowledgement` (seed 002 §3): loginId, name, licenseId, notificationId, type "eula". */
export const notificationAcknowledgementSchema = z.object({
  loginId: z.string().trim().min(1).max(100),
  name: z.string().trim().max(200).default(''),
  licenseId: z.coerce.number().int().positive(),
  notificationId: z.union([z.coerce.number().int(), z.string().max(100), z.null()]).optional(),
  type: z.string().trim().max(20),
});
export type NotificationAcknowledgement = z.input<typeof notificationAcknowledgementSchema>;

/** Publishing a new version (MLS staff): the title and the rich-text body. */
export const publishEulaSchema = z.object({
  name: z
    .string({ error: EULA_MESSAGES.titleRequired })
    .trim()
    .min(1, EULA_MESSAGES.titleRequired)
    .min(5, EULA_MESSAGES.titleLength)
    .max(200, EULA_MESSAGES.titleLength),
  content: z
    .string({ error: EULA_MESSAGES.contentRequired })
    .max(200_000)
    .refine((html) => html.replace(/<[^>]*>/g, '').trim().length > 0, EULA_MESSAGES.contentRequired),
});
export type PublishEulaRequest = z.input<typeof publishEulaSchema>;

/** A published version in the staff list, with how many members accepted it. */
export const eulaVersionSchema = z.object({
  id: z.number(),
  version: z.string(),
  name: z.string(),
  publishedOn: z.string(),
  publishedBy: z.string().nullable(),
  acceptedCount: z.number(),
  isCurrent: z.boolean(),
});
export type EulaVersion = z.infer<typeof eulaVersionSchema>;

/** One member's acceptance of a version (staff list). */
export const eulaAcceptanceSchema = z.object({
  memberId: z.number(),
  loginId: z.string(),
  memberName: z.string(),
  signature: z.string().nullable(),
  acknowledgementTime: z.string(),
});
export type EulaAcceptance = z.infer<typeof eulaAcceptanceSchema>;

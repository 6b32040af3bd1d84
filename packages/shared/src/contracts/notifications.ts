import { z } from 'zod';
import { NOTIFICATION_FETCH_SIZE } from '../constants';
import { querySchema } from './common';
import { id, pageSizeField } from './input';

/** A notification of the email-request type (seed 000 section 3); body is sanitised HTML. emailCategory: the campaign type's name. */
export const notificationSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  isRead: z.boolean(),
  subject: z.string(),
  body: z.string(),
  emailCategory: z.string(),
  campaignTypeId: z.number().int(),
  priority: z.number(),
  createdOn: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** A notification category (campaign type); the web app reads name. */
export const campaignTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type CampaignType = z.infer<typeof campaignTypeSchema>;

/** `POST api/app/EmailRequestMessage/q`: the query language plus the member's own id (seed: memberId, pageSize 9999). */
export const notificationQuerySchema = querySchema.extend({
  memberId: id().optional(),
  pageSize: pageSizeField(10_000, NOTIFICATION_FETCH_SIZE),
});

/** `PATCH api/app/profileNotification/{id}`. */
export const notificationPatchSchema = z.object({ isRead: z.boolean() }).strict();

/** `PATCH api/app/profileNotification` (bulk With Selected read/unread in one transaction; docs/decisions/0101). */
export const notificationBulkPatchSchema = z
  .object({
    ids: z
      .array(id())
      .min(1)
      .max(NOTIFICATION_FETCH_SIZE + 1),
    isRead: z.boolean(),
  })
  .strict();

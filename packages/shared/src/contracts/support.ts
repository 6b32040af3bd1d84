import { z } from 'zod';
import { text, wholeNumber } from './input';

/** The fixed work item definitions (migration 0700): the ticket's is the seed's "fixed workItemDefinitionId". */
export const SUPPORT_WORK_ITEM_DEFINITION_ID = 1;
export const REPORT_WORK_ITEM_DEFINITION_ID = 2;
export const CHAT_WORK_ITEM_DEFINITION_ID = 3;

export const CASE_ORIGINS = ['webform', 'association-support-email', 'chat'] as const;
export type CaseOrigin = (typeof CASE_ORIGINS)[number];
export const ASSOCIATION_SUPPORT_TITLE_PREFIX = 'Association Support CCD Case: ';

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_DESCRIPTION_MIN = 5;
export const TICKET_DESCRIPTION_MAX = 500;
/** The chat survey is offered once a chat holds this many messages (seed 002 §2). */
export const CHAT_SURVEY_AFTER_MESSAGES = 10;
export const CHAT_MESSAGE_MAX = 1000;
export const CHAT_POLL_MS = 5_000;

export const SUPPORT_MESSAGES = {
  chatWriteRefused: 'Only the member and the support staff write in this chat.',
  surveyContactOnly: 'Only the member answers the survey of their chat.',
  subjectRequired: 'Subject Required',
  subjectTooLong: `Subject must be at most ${TICKET_SUBJECT_MAX} characters`,
  descriptionRequired: 'Description Required',
  descriptionLength: `Description must be between ${TICKET_DESCRIPTION_MIN} and ${TICKET_DESCRIPTION_MAX} characters`,
  noHtml: 'HTML is not allowed',
  ticketCreated: 'Your support ticket has been created successfully',
  ticketFailed: 'There was a problem creating the support ticket.',
  contactNotFound: 'The contact was not found.',
  chatUnread: 'Support: new reply in your chat',
  chatIntro: 'Chat with the support team. Your conversation is kept on a case, so you can close this window and come back.',
  chatMessageRequired: 'Please type a message',
  chatFailed: 'There was a problem sending your message.',
  surveyTitle: 'How did we do?',
  surveyThanks: 'Thank you for your feedback.',
  surveyRatingRequired: 'Please choose a rating',
} as const;

/** Plain text only: anything that looks like a tag. */
export const looksLikeHtml = (text: string) => /<\s*\/?\s*[a-z!?][^>]*>/i.test(text);

const subject = z
  .string({ error: SUPPORT_MESSAGES.subjectRequired })
  .trim()
  .min(1, { message: SUPPORT_MESSAGES.subjectRequired, abort: true })
  .max(TICKET_SUBJECT_MAX, SUPPORT_MESSAGES.subjectTooLong)
  .refine((s) => !looksLikeHtml(s), SUPPORT_MESSAGES.noHtml);

const description = z
  .string({ error: SUPPORT_MESSAGES.descriptionRequired })
  .trim()
  .min(1, { message: SUPPORT_MESSAGES.descriptionRequired, abort: true })
  .refine((s) => s.length >= TICKET_DESCRIPTION_MIN && s.length <= TICKET_DESCRIPTION_MAX, SUPPORT_MESSAGES.descriptionLength)
  .refine((s) => !looksLikeHtml(s), SUPPORT_MESSAGES.noHtml);

/** The ticket form (subject and description), the same rules the server applies to title and Body. */
export const supportTicketFormSchema = z.object({ subject, description });
export type SupportTicketForm = z.infer<typeof supportTicketFormSchema>;

/** `POST api/app/WorkItem/`: the support ticket. ContactName is a login id (the viewer's own when left out). */
export const workItemCreateSchema = z.object({
  workItemDefinitionId: z.literal(SUPPORT_WORK_ITEM_DEFINITION_ID, { error: 'Only support tickets can be created here' }),
  title: subject,
  fields: z.object({
    CaseOrigin: z.enum(['webform', 'association-support-email']).default('webform'),
    Body: description,
    ContactName: text(100).trim().optional(),
  }),
});
export type WorkItemCreate = z.input<typeof workItemCreateSchema>;

/** The ticket's title as stored: association support e-mails carry the seed's prefix. */
export function ticketTitle(title: string, origin: CaseOrigin): string {
  const clean = title.trim();
  return origin === 'association-support-email' && !clean.startsWith(ASSOCIATION_SUPPORT_TITLE_PREFIX)
    ? `${ASSOCIATION_SUPPORT_TITLE_PREFIX}${clean}`
    : clean;
}

export const createdWorkItemSchema = z.object({ id: z.number(), itemShortCode: z.string(), title: z.string(), status: z.string() });
export type CreatedWorkItem = z.infer<typeof createdWorkItemSchema>;

export const chatMessageSchema = z.object({
  body: z
    .string({ error: SUPPORT_MESSAGES.chatMessageRequired })
    .trim()
    .min(1, { message: SUPPORT_MESSAGES.chatMessageRequired, abort: true })
    .max(CHAT_MESSAGE_MAX)
    .refine((s) => !looksLikeHtml(s), SUPPORT_MESSAGES.noHtml),
});

export const chatSurveySchema = z.object({
  rating: wholeNumber(1, 5, SUPPORT_MESSAGES.surveyRatingRequired),
  comment: text(500).trim().default(''),
});

export const chatMessageViewSchema = z.object({
  id: z.number(),
  authorName: z.string(),
  isStaff: z.boolean(),
  isMine: z.boolean(),
  body: z.string(),
  createdOn: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageViewSchema>;

/** A chat case and its messages; the survey is due once it holds CHAT_SURVEY_AFTER_MESSAGES messages. */
export const chatThreadSchema = z.object({
  workItemId: z.number(),
  itemShortCode: z.string(),
  status: z.string(),
  messages: z.array(chatMessageViewSchema),
  isSurveyDue: z.boolean(),
  isSurveyAnswered: z.boolean(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;

export function isSurveyDue(messageCount: number, isAnswered: boolean): boolean {
  return !isAnswered && messageCount >= CHAT_SURVEY_AFTER_MESSAGES;
}

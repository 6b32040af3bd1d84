import { CHAT_WORK_ITEM_DEFINITION_ID, type ChatThread, isSurveyDue, SUPPORT_MESSAGES, type Viewer } from '@portico/shared';
import type { Db, Queryable } from '../../db/index';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { rowLoader } from '../../lib/guard';
import { insertWorkItem, readVisibleCase, setCaseStatus } from '../cases/index';
import { publishCase } from '../live/index';
import { isChatContact, mayWriteInChat } from './policy';
import { presentChatThread } from './presenter';
import { findOpenChat, hasSurvey, insertChatMessage, insertSurvey, listChatMessages, memberName } from './repository';

/**
 * Live chat without a third-party widget (decision 0700): a chat is a case of the Live Chat definition whose messages
 * the member writes here and association or MLS staff answer from the case's Insight Detail.
 */
async function threadOf(q: Queryable, viewer: Viewer, workItemId: number): Promise<ChatThread> {
  const item = await readVisibleCase(q, viewer, workItemId);
  if (item.work_item_definition_id !== CHAT_WORK_ITEM_DEFINITION_ID) throw notFound('The chat');
  const messages = await listChatMessages(q, workItemId);
  const answered = await hasSurvey(q, workItemId);
  const survey = { isSurveyDue: isSurveyDue(messages.length, answered), isSurveyAnswered: answered };
  return presentChatThread(item, messages, survey, viewer.memberId);
}

/** The guards' row (routes.ts): a chat whose case the member sees (404 for any other case, or a case that is no chat). */
export const visibleChat = rowLoader<Awaited<ReturnType<typeof readVisibleCase>>, { params: { id: number } }>(
  'chat whose case the member sees',
  notFound('The chat').message,
  async ({ db, viewer, params }) => {
    const item = await readVisibleCase(db, viewer, params.id);
    return item.work_item_definition_id === CHAT_WORK_ITEM_DEFINITION_ID ? item : null;
  },
);

/** Who may write in a chat, read again inside the write's transaction: its contact, or staff who work it. */
async function writable(q: Queryable, viewer: Viewer, workItemId: number) {
  const item = await readVisibleCase(q, viewer, workItemId);
  if (item.work_item_definition_id !== CHAT_WORK_ITEM_DEFINITION_ID) throw notFound('The chat');
  const isContact = isChatContact(viewer, item);
  if (!mayWriteInChat(viewer, item)) throw forbidden(SUPPORT_MESSAGES.chatWriteRefused);
  return { item, isContact };
}

/** The member's open chat, started when there is none. */
export async function openChat(db: Db, viewer: Viewer): Promise<ChatThread> {
  return db.tx(async (q) => {
    let id = await findOpenChat(q, viewer.memberId, CHAT_WORK_ITEM_DEFINITION_ID);
    if (!id) {
      const row = await insertWorkItem(q, {
        definitionId: CHAT_WORK_ITEM_DEFINITION_ID,
        title: `Live chat with ${viewer.loginId}`,
        contactMemberId: viewer.memberId,
        fields: { CaseOrigin: 'chat', ContactName: viewer.loginId },
        createdByMemberId: viewer.memberId,
        createdBy: viewer.loginId,
      });
      id = row.id;
      await publishCase(q, id);
    }
    return threadOf(q, viewer, id);
  });
}

export const readChat = (q: Queryable, viewer: Viewer, workItemId: number) => threadOf(q, viewer, workItemId);

/** A message from the member (the case waits for staff: Open) or from staff (it waits on the member). */
export async function postChatMessage(db: Db, viewer: Viewer, workItemId: number, body: string): Promise<ChatThread> {
  return db.tx(async (q) => {
    const { item, isContact } = await writable(q, viewer, workItemId);
    if (item.status === 'Closed' || item.status === 'Resolved')
      throw badRequest('This chat has ended.', [{ field: 'body', message: 'This chat has ended.' }]);
    await insertChatMessage(q, {
      workItemId,
      authorMemberId: viewer.memberId,
      authorName: await memberName(q, viewer.memberId),
      isStaff: !isContact,
      body,
    });
    await setCaseStatus(q, workItemId, isContact ? 'Open' : 'Waiting on Member');
    await publishCase(q, workItemId, isContact ? 'member' : 'staff');
    return threadOf(q, viewer, workItemId);
  });
}

/** The survey, once per chat, by its member, when it is due. */
export async function answerSurvey(db: Db, viewer: Viewer, workItemId: number, rating: number, comment: string): Promise<ChatThread> {
  return db.tx(async (q) => {
    const { isContact } = await writable(q, viewer, workItemId);
    if (!isContact) throw forbidden(SUPPORT_MESSAGES.surveyContactOnly);
    const thread = await threadOf(q, viewer, workItemId);
    if (!thread.isSurveyDue)
      throw badRequest('The survey is not open for this chat.', [{ field: 'rating', message: SUPPORT_MESSAGES.surveyRatingRequired }]);
    await insertSurvey(q, workItemId, rating, comment);
    return threadOf(q, viewer, workItemId);
  });
}

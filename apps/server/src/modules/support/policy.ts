import { SUPPORT_MESSAGES, type Viewer } from '@portico/shared';
import { forbidden } from '../../lib/errors';
import { canWorkCase } from '../cases/index';

/** What the chat rules read of a chat's case. */
interface ChatFacts {
  contact_member_id: number | null;
  aor_id: number | null;
}

export const isChatContact = (viewer: Viewer, chat: ChatFacts): boolean => chat.contact_member_id === viewer.memberId;

/** Who writes in a chat: its member, or staff who work the case (a broker may read an agent's chat, not write in it). */
export const mayWriteInChat = (viewer: Viewer, chat: ChatFacts): boolean =>
  isChatContact(viewer, chat) || canWorkCase(viewer, { aorId: chat.aor_id });

/** The survey is its member's alone; who may not even write in the chat hears that first. */
export const refuseSurvey = (viewer: Viewer, chat?: ChatFacts) =>
  forbidden(chat && mayWriteInChat(viewer, chat) ? SUPPORT_MESSAGES.surveyContactOnly : SUPPORT_MESSAGES.chatWriteRefused);

export const refuseChatWrite = () => forbidden(SUPPORT_MESSAGES.chatWriteRefused);

import type { ChatMessage, ChatThread, CreatedWorkItem } from '@portico/shared';
import type { ChatMessageRow } from './repository';

/** What the answers read of a case row (cases' `CaseRow` or the row `insertWorkItem` returns). */
interface CaseHead {
  id: number;
  item_short_code: string;
  status: string;
}

export const presentCreatedWorkItem = (r: CaseHead, title: string): CreatedWorkItem => ({
  id: r.id,
  itemShortCode: r.item_short_code,
  title,
  status: r.status,
});

const presentChatMessage = (m: ChatMessageRow, viewerMemberId: number): ChatMessage => ({
  id: m.id,
  authorName: m.author_name,
  isStaff: m.is_staff,
  isMine: m.author_member_id === viewerMemberId,
  body: m.body,
  createdOn: m.created_on.toISOString(),
});

/** A chat as the member `viewerMemberId` reads it; whether the survey is due is the service's rule. */
export const presentChatThread = (
  chat: CaseHead,
  messages: ChatMessageRow[],
  survey: Pick<ChatThread, 'isSurveyDue' | 'isSurveyAnswered'>,
  viewerMemberId: number,
): ChatThread => ({
  workItemId: chat.id,
  itemShortCode: chat.item_short_code,
  status: chat.status,
  messages: messages.map((m) => presentChatMessage(m, viewerMemberId)),
  isSurveyDue: survey.isSurveyDue,
  isSurveyAnswered: survey.isSurveyAnswered,
});

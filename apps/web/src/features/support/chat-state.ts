import type { LiveEvent } from '@portico/shared';
import { useCallback, useEffect, useState } from 'react';
import { useLiveEvent } from '../live/index';

export interface SupportChatState {
  /** The member's open chat once started or seen: kept while the drawer is closed, so the conversation stays. */
  chatId: number | null;
  setChatId(id: number): void;
  /** A staff reply arrived while the drawer was closed: the Support launcher shows a mark until it opens. */
  unread: boolean;
}

/** The member's chat across the drawer's openings (MemberShell holds it). */
export function useSupportChat(drawerOpen: boolean): SupportChatState {
  const [chatId, setChatId] = useState<number | null>(null);
  const [unread, setUnread] = useState(false);
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type !== 'chat' || !event.fromStaff) return;
      if (chatId !== null && event.workItemId !== chatId) return;
      if (chatId === null) setChatId(event.workItemId);
      if (!drawerOpen) setUnread(true);
    },
    [chatId, drawerOpen],
  );
  useLiveEvent(onEvent);
  useEffect(() => {
    if (drawerOpen) setUnread(false);
  }, [drawerOpen]);
  return { chatId, setChatId, unread };
}

import type { MemberSession, SessionsEnded } from '@portico/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../core/api';

const BASE = '/api/app/MemberSessions';

export const memberSessionKeys = { list: ['member-sessions'] as const };

export function useMemberSessions() {
  return useQuery({
    queryKey: memberSessionKeys.list,
    queryFn: async ({ signal }) => (await apiGet<MemberSession>(BASE, signal)).results,
  });
}

export const signOutSession = async (sessionId: string) => (await apiPost<SessionsEnded>(`${BASE}/SignOut`, { sessionId })).message;
export const signOutOthers = async () => (await apiPost<SessionsEnded>(`${BASE}/SignOutOthers`, {})).message;

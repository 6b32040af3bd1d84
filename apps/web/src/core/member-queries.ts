import type { AuthMember, MenuItem, Profile } from '@portico/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from './api';

export const memberKeys = {
  authMember: ['members', 'authMember'] as const,
  profile: (memberId: number) => ['profiles', memberId] as const,
  menus: ['menus'] as const,
};

/**
 * Who is signed in decides the whole screen: a failed load is retried once, quickly, and then the error page shows
 * at once instead of a blank screen through the default back-off (decision 0954). 4xx answers are not retried.
 */
const memberLoadRetry = {
  retry: (count: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
  retryDelay: 300,
};

export const authMemberQuery = queryOptions({
  queryKey: memberKeys.authMember,
  queryFn: async ({ signal }) => (await apiGet<AuthMember>('/api/app/Members/AuthMemberDto', signal)).results[0] ?? null,
  staleTime: 5 * 60_000,
  ...memberLoadRetry,
});

export const profileQuery = (memberId: number) =>
  queryOptions({
    queryKey: memberKeys.profile(memberId),
    queryFn: async ({ signal }) => (await apiGet<Profile>(`/api/app/Profiles/Contact/${memberId}`, signal)).results[0],
    staleTime: Number.POSITIVE_INFINITY,
    ...memberLoadRetry,
  });

export const menusQuery = queryOptions({
  queryKey: memberKeys.menus,
  queryFn: async ({ signal }) => (await apiGet<MenuItem>('/api/app/DynamicMenus/', signal)).results,
  staleTime: 5 * 60_000,
  ...memberLoadRetry,
});

/**
 * Starts the member's calls as soon as the visit is signed in, while the signed-in code is still downloading: the
 * member, then their profile, and the menu list beside them (decision 0995). The gate's queries read the same cache
 * entries, so nothing is asked twice; a failure is left for them to show.
 */
export function prefetchMember(client: QueryClient): void {
  void client.prefetchQuery(menusQuery);
  void client
    .fetchQuery(authMemberQuery)
    .then((member) => (member ? client.prefetchQuery(profileQuery(member.member.id)) : undefined))
    .catch(() => undefined);
}

import {
  type AuthMember,
  type CurrentUser,
  currentUserOf,
  DEFAULT_MLS_TIME_ZONE,
  type MenuItem,
  type Profile,
  toViewer,
  type Viewer,
  viewerSourceOfAuthMember,
  withIds,
} from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useAuth } from 'react-oidc-context';
import { ApiError, apiPut } from './api';
import { authMemberQuery, memberKeys, menusQuery, profileQuery } from './member-queries';
import { refreshAfterWrite } from './refresh';

export { memberKeys } from './member-queries';

export interface MemberState {
  authMember: AuthMember;
  viewer: Viewer;
  currentUser: CurrentUser;
  menus: MenuItem[];
  profile: Profile;
}

const MemberContext = createContext<MemberState | null>(null);

/**
 * A call refused by one of the server's gates (the flag may be set during a visit) reads again what decides the gate's
 * screen: the member, so the shell's Password Reset Required modal opens (decision 0931), or the claims, so the EULA
 * comes first (a version published during the visit; decision 0966).
 */
const GATES: Partial<Record<string, readonly unknown[]>> = {
  PASSWORD_UPDATE_REQUIRED: memberKeys.authMember,
  EULA_ACCEPTANCE_REQUIRED: ['profiles', 'claims'],
  SECOND_FACTOR_REQUIRED: ['profiles', 'claims'],
};

function useReloadOnGateRefusal() {
  const client = useQueryClient();
  useEffect(() => {
    const reload = (error: unknown) => {
      const queryKey = error instanceof ApiError ? GATES[error.code] : undefined;
      if (queryKey) void refreshAfterWrite(client, queryKey);
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') reload(event.action.error);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') reload(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client]);
}

/** Loads who is signed in: the member profile first, then their preferences and menu list. */
export function useMemberLoad() {
  useReloadOnGateRefusal();
  const auth = useAuth();
  const enabled = auth.isAuthenticated;
  const authMember = useQuery({ ...authMemberQuery, enabled });
  const memberId = authMember.data?.member.id;
  const profile = useQuery({ ...profileQuery(memberId ?? 0), enabled: !!memberId });
  const menus = useQuery({ ...menusQuery, enabled: !!memberId });
  const state = useMemo<MemberState | null>(() => {
    if (!authMember.data || !profile.data || !menus.data) return null;
    const viewer = toViewer(viewerSourceOfAuthMember(authMember.data))!;
    return {
      authMember: authMember.data,
      viewer,
      currentUser: currentUserOf(authMember.data, { isBroker: viewer.isBroker, isGsmls: viewer.isGsmls }),
      menus: menus.data,
      profile: profile.data,
    };
  }, [authMember.data, profile.data, menus.data]);
  return {
    state,
    noMemberData: authMember.isSuccess && authMember.data === null,
    memberError: (authMember.error ?? profile.error) as ApiError | null,
    menuError: menus.error as ApiError | null,
    isLoading:
      enabled && !state && !authMember.error && !profile.error && !menus.error && !(authMember.isSuccess && authMember.data === null),
  };
}

export function MemberProvider({ value, children }: { value: MemberState; children: ReactNode }) {
  return <MemberContext.Provider value={value}>{children}</MemberContext.Provider>;
}

/** The signed-in member; only inside the member shell. */
export function useMember(): MemberState {
  const state = useContext(MemberContext);
  if (!state) throw new Error('useMember outside the member shell');
  return state;
}

export function useOptionalMember(): MemberState | null {
  return useContext(MemberContext);
}

/** The IANA zone the member's 'today', slots and greeting are read in (decision 0969), not the browser's. */
export function useMlsZone(): string {
  return useOptionalMember()?.viewer.timeZone ?? DEFAULT_MLS_TIME_ZONE;
}

const PROFILE_BAG_SAVE = ['profileBag'] as const;

/** Saves preferences by key and value into the profile bag, optimistically. */
export function useSaveProfileBag() {
  const client = useQueryClient();
  const member = useOptionalMember();
  return useMutation({
    mutationKey: PROFILE_BAG_SAVE,
    mutationFn: async (changes: Record<string, unknown>) => {
      if (!member) throw new ApiError(401, 'Unauthorized', 'UNAUTHENTICATED', 'Not signed in');
      return (await apiPut<Profile>(`/api/app/Profiles/${member.profile.id}`, { profileBag: changes })).results[0];
    },
    onMutate: (changes) => {
      if (!member) return;
      const key = memberKeys.profile(member.viewer.memberId);
      const previous = client.getQueryData<Profile>(key);
      if (previous) {
        const bag = { ...previous.profileBag };
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) delete bag[k];
          else bag[k] = v;
        }
        client.setQueryData<Profile>(key, { ...previous, profileBag: bag });
      }
      return { previous, key };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) client.setQueryData(context.key, context.previous);
    },
    onSuccess: (profile) => {
      // A later save still in flight holds newer optimistic values: its own answer brings them back.
      if (client.isMutating({ mutationKey: PROFILE_BAG_SAVE }) > 1) return;
      if (member && profile) client.setQueryData(memberKeys.profile(member.viewer.memberId), profile);
    },
  });
}

/**
 * Adds or removes ids in a list of the profile bag (read marks, archives), starting from the profile as cached at
 * the moment of the change, never from a render's copy: a toast's close handler made minutes ago must not drop the
 * marks made since (decision 0952).
 */
export function useProfileBagIds() {
  const client = useQueryClient();
  const member = useOptionalMember();
  const save = useSaveProfileBag();
  return (key: string, ids: number[], present: boolean, onError?: (error: Error) => void) => {
    if (!member || ids.length === 0) return;
    const latest = client.getQueryData<Profile>(memberKeys.profile(member.viewer.memberId)) ?? member.profile;
    const current = latest.profileBag[key];
    save.mutate({ [key]: withIds(Array.isArray(current) ? current : [], ids, present) }, { onError });
  };
}

import type { OidcClient, OidcClientInput } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../core/api';

const path = (applicationId: number) => `/api/app/SsoApplications/${applicationId}/OidcClient`;
export const oidcClientKey = (applicationId: number) => ['sso', 'oidc-client', applicationId] as const;

/** The application's OpenID Connect client (no secret), or null when it has none yet. */
export function useOidcClient(applicationId: number) {
  return useQuery({
    queryKey: oidcClientKey(applicationId),
    queryFn: async ({ signal }) => (await apiGet<OidcClient>(path(applicationId), signal)).results[0] ?? null,
  });
}

/** Registers or changes the client; the answer of a registration carries the secret, once. */
export function useSaveOidcClient(applicationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: OidcClientInput) => (await apiPut<OidcClient>(path(applicationId), input)).results[0],
    onSuccess: (saved) => client.setQueryData(oidcClientKey(applicationId), { ...saved, clientSecret: undefined }),
  });
}

/** A new secret (the old one stops working at once); the answer carries it, once. */
export function useRotateOidcSecret(applicationId: number) {
  return useMutation({
    mutationFn: async () => (await apiPost<OidcClient>(`${path(applicationId)}/Secret`, {})).results[0],
  });
}

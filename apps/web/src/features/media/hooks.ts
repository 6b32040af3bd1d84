import { MEDIA, type MediaDetails, type MediaEntry, type MediaFolder, type MediaToken } from '@portico/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshAfterWrite } from '../../core/refresh';
import { mediaApi, mediaKeys } from './api';

/** Renewed a minute before it runs out, so that image links keep working while the manager stays open. */
const TOKEN_REFRESH_MS = (MEDIA.tokenTtlSeconds - 60) * 1000;

export const useMediaToken = (enabled: boolean) =>
  useQuery({
    queryKey: mediaKeys.token,
    queryFn: ({ signal }) => mediaApi.token(signal),
    enabled,
    staleTime: TOKEN_REFRESH_MS,
    refetchInterval: enabled ? TOKEN_REFRESH_MS : false,
    retry: false,
  });

export const useMediaFolder = (token: MediaToken | undefined, path: string) =>
  useQuery({
    queryKey: mediaKeys.folder(token?.container ?? '', path),
    queryFn: async () => (await mediaApi.operation<MediaFolder>(token as MediaToken, { action: 'read', path }))[0] as MediaFolder,
    enabled: !!token,
    retry: false,
  });

/** Every change of the container: each refreshes the folder lists. */
export function useMediaActions(token: MediaToken | undefined) {
  const client = useQueryClient();
  const done = () => refreshAfterWrite(client, ['media', 'folder']);
  const need = () => token as MediaToken;
  return {
    upload: useMutation({
      mutationFn: ({ path, files, onProgress }: { path: string; files: File[]; onProgress: (share: number) => void }) =>
        mediaApi.upload(need(), path, files, onProgress),
      onSuccess: done,
    }),
    createFolder: useMutation({
      mutationFn: ({ path, name }: { path: string; name: string }) =>
        mediaApi.operation<MediaEntry>(need(), { action: 'create', path, name }),
      onSuccess: done,
    }),
    rename: useMutation({
      mutationFn: ({ path, name, newName }: { path: string; name: string; newName: string }) =>
        mediaApi.operation<MediaEntry>(need(), { action: 'rename', path, name, newName }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: ({ path, names }: { path: string; names: string[] }) =>
        mediaApi.operation<never>(need(), { action: 'delete', path, names }),
      onSuccess: done,
    }),
    details: useMutation({
      mutationFn: async ({ path, name }: { path: string; name: string }) =>
        (await mediaApi.operation<MediaDetails>(need(), { action: 'details', path, name }))[0] as MediaDetails,
    }),
  };
}

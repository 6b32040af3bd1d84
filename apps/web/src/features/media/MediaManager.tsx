import { Anchor, Breadcrumbs, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { ALLOWED_MEDIA_EXTENSIONS, MEDIA, type MediaDetails, type MediaEntry, MEDIA_MESSAGES as T } from '@portico/shared';
import { IconFolderPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { ConfirmDialog } from '../../ui/inbox/ConfirmDialog';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { toast } from '../../ui/notify';
import { mediaApi } from './api';
import { copyText } from './copy-path';
import { useMediaActions, useMediaFolder, useMediaToken } from './hooks';
import { DetailsDialog, NameDialog } from './MediaDialogs';
import { type EntryAction, MediaTable } from './MediaTable';

const failed = (error: Error) => toast('failure', `${T.actionFailed}${error.message}`, T.errorTitle);
const parentOf = (path: string) => path.replace(/\/[^/]+\/?$/, '') || '/';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** A picker: the files that may be chosen (e.g. images only) and what happens to the one chosen. */
  canChoose?: (entry: MediaEntry) => boolean;
  onChoose?: (entry: MediaEntry) => void;
}

/**
 * The media manager (seed 002 section 2): a modal file browser of the member's association's container, with upload,
 * download, rename, delete, details and Copy Path, and in a picker a Choose button.
 */
export function MediaManager({ opened, onClose, canChoose, onChoose }: Props) {
  const token = useMediaToken(opened);
  const [path, setPath] = useState('/');
  const folder = useMediaFolder(token.data, path);
  const actions = useMediaActions(token.data);
  const [naming, setNaming] = useState<{ kind: 'folder' } | { kind: 'rename'; entry: MediaEntry } | null>(null);
  const [deleting, setDeleting] = useState<MediaEntry | null>(null);
  const [details, setDetails] = useState<MediaDetails | null>(null);
  const parts = path.split('/').filter(Boolean);
  const [progress, setProgress] = useState<number | null>(null);

  const act = async (action: EntryAction, entry: MediaEntry) => {
    if (action === 'rename') setNaming({ kind: 'rename', entry });
    if (action === 'delete') setDeleting(entry);
    if (action === 'details') actions.details.mutate({ path, name: entry.name }, { onSuccess: setDetails, onError: failed });
    if (action === 'download' && token.data) window.location.assign(mediaApi.downloadUrl(token.data, entry.path));
    if (action === 'copy' && entry.url) {
      // The file's lasting address, without the manager's signature: public once an article that is live shows it.
      const address = new URL(entry.url, window.location.origin);
      address.search = '';
      const copied = await copyText(address.href);
      if (copied) toast('success', T.copyPath, T.copyPathTitle);
      else toast('failure', entry.url, T.errorTitle);
    }
  };

  const upload = (files: File[]) => {
    const refused = files.find((f) => f.size > MEDIA.maxUploadBytes);
    if (refused) return toast('failure', T.tooLarge, T.errorTitle);
    setProgress(0);
    actions.upload.mutate(
      { path, files, onProgress: setProgress },
      {
        onSuccess: (written) => toast('success', T.uploaded(written.length), T.successTitle),
        onError: failed,
        onSettled: () => setProgress(null),
      },
    );
  };

  let content: React.ReactNode;
  if (token.error || folder.error) content = <ErrorPanel title={T.loadFailed} message={(token.error ?? folder.error)?.message} />;
  else if (!token.data || !folder.data) content = <LoadingBlock label="Loading files" />;
  else
    content = (
      <MediaTable
        token={token.data}
        entries={folder.data.files}
        canChoose={canChoose}
        onChoose={onChoose}
        onOpenFolder={(entry) => setPath(entry.path)}
        onAction={act}
      />
    );

  return (
    <Modal opened={opened} onClose={onClose} title={T.title} size="xl" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Breadcrumbs aria-label="Folder">
            <Anchor component="button" type="button" size="sm" onClick={() => setPath('/')}>
              {token.data?.container ?? 'Files'}
            </Anchor>
            {parts.map((part, i) => {
              const target = `/${parts.slice(0, i + 1).join('/')}`;
              return (
                <Anchor key={target} component="button" type="button" size="sm" onClick={() => setPath(target)}>
                  {part}
                </Anchor>
              );
            })}
          </Breadcrumbs>
          <Group gap="xs">
            {path !== '/' && (
              <Button variant="default" size="xs" onClick={() => setPath(parentOf(path))}>
                Up
              </Button>
            )}
            <FileButton onChange={upload} multiple accept={ALLOWED_MEDIA_EXTENSIONS.map((e) => `.${e}`).join(',')}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={actions.upload.isPending}
                  disabled={!token.data}
                >
                  {T.upload}
                </Button>
              )}
            </FileButton>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconFolderPlus size={16} aria-hidden />}
              onClick={() => setNaming({ kind: 'folder' })}
              disabled={!token.data}
            >
              {T.newFolder}
            </Button>
            <Button variant="default" size="xs" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => folder.refetch()}>
              Refresh
            </Button>
          </Group>
        </Group>
        <Text size="xs">{T.limits}</Text>
        {progress !== null && (
          <Group gap="sm" wrap="nowrap" data-testid="upload-progress">
            <Progress value={Math.round(progress * 100)} aria-label={T.uploadProgress} style={{ flex: 1 }} />
            <Text size="sm" aria-live="polite" miw={48} ta="right">
              {Math.round(progress * 100)}%
            </Text>
          </Group>
        )}
        {content}
      </Stack>
      <NameDialog
        opened={!!naming}
        title={naming?.kind === 'rename' ? T.rename : T.newFolder}
        initial={naming?.kind === 'rename' ? naming.entry.name : ''}
        busy={actions.rename.isPending || actions.createFolder.isPending}
        onClose={() => setNaming(null)}
        onSubmit={(name) => {
          const close = { onSuccess: () => setNaming(null), onError: failed };
          if (naming?.kind === 'rename') actions.rename.mutate({ path, name: naming.entry.name, newName: name }, close);
          else actions.createFolder.mutate({ path, name }, close);
        }}
      />
      <ConfirmDialog
        opened={!!deleting}
        text={T.deleteConfirm(deleting?.name ?? '')}
        confirmLabel={T.delete}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) actions.remove.mutate({ path, names: [deleting.name] }, { onError: failed });
          setDeleting(null);
        }}
      />
      <DetailsDialog details={details} onClose={() => setDetails(null)} />
    </Modal>
  );
}

import { ActionIcon, Button, Group, Image, Menu, Table, Text, UnstyledButton } from '@mantine/core';
import { formatAdminDateTime, isImageFile, type MediaEntry, type MediaToken, MEDIA_MESSAGES as T } from '@portico/shared';
import { IconClipboard, IconDots, IconDownload, IconFile, IconFolder, IconInfoCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import { EmptyState } from '../../ui/EmptyState';
import { mediaApi } from './api';

export type EntryAction = 'rename' | 'delete' | 'details' | 'copy' | 'download';

const sizeOf = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Props {
  token: MediaToken;
  entries: MediaEntry[];
  /** In a picker: which files may be chosen, and what to do with one. */
  canChoose?: (entry: MediaEntry) => boolean;
  onChoose?: (entry: MediaEntry) => void;
  onOpenFolder: (entry: MediaEntry) => void;
  onAction: (action: EntryAction, entry: MediaEntry) => void;
}

/** The folder's entries: folders first, image previews, and each entry's actions. */
export function MediaTable({ token, entries, canChoose, onChoose, onOpenFolder, onAction }: Props) {
  if (entries.length === 0) return <EmptyState text={T.empty} />;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing={4} highlightOnHover aria-label="Files">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Modified</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.path} data-testid={`media-entry-${entry.name}`}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {entry.isFile && isImageFile(entry.name) ? (
                    <Image src={mediaApi.imageUrl(token, entry.path)} alt="" w={48} h={24} fit="cover" radius="xs" />
                  ) : entry.isFile ? (
                    <IconFile size={20} aria-hidden />
                  ) : (
                    <IconFolder size={20} aria-hidden />
                  )}
                  {entry.isFile ? (
                    <Text size="sm">{entry.name}</Text>
                  ) : (
                    <UnstyledButton onClick={() => onOpenFolder(entry)} fz="sm" td="underline" aria-label={`Open folder ${entry.name}`}>
                      {entry.name}
                    </UnstyledButton>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{entry.isFile ? sizeOf(entry.size) : ''}</Table.Td>
              <Table.Td>{formatAdminDateTime(entry.modifiedOn)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {onChoose && canChoose?.(entry) && (
                    <Button size="compact-sm" onClick={() => onChoose(entry)} aria-label={`${T.choose} ${entry.name}`}>
                      {T.choose}
                    </Button>
                  )}
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={`Actions for ${entry.name}`}>
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {entry.isFile && (
                        <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={() => onAction('download', entry)}>
                          {T.download}
                        </Menu.Item>
                      )}
                      {entry.isFile && (
                        <Menu.Item leftSection={<IconClipboard size={16} aria-hidden />} onClick={() => onAction('copy', entry)}>
                          {T.copyPathAction}
                        </Menu.Item>
                      )}
                      <Menu.Item leftSection={<IconInfoCircle size={16} aria-hidden />} onClick={() => onAction('details', entry)}>
                        {T.details}
                      </Menu.Item>
                      <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onAction('rename', entry)}>
                        {T.rename}
                      </Menu.Item>
                      <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onAction('delete', entry)}>
                        {T.delete}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Button, Group, Modal, Stack, Table, TextInput } from '@mantine/core';
import { formatAdminDateTime, type MediaDetails, mediaNameSchema, MEDIA_MESSAGES as T } from '@portico/shared';
import { useEffect, useState } from 'react';

/** One name to type: a new folder's, or an entry's new name. Checked with the server's own name rule. */
export function NameDialog({
  opened,
  title,
  initial,
  onSubmit,
  onClose,
  busy,
}: {
  opened: boolean;
  title: string;
  initial: string;
  onSubmit: (name: string) => void;
  onClose: () => void;
  busy: boolean;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setName(initial);
      setError(null);
    }
  }, [opened, initial]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(e) => {
          // The dialog may sit (through a portal) inside another form, e.g. the article form: never submit that one.
          e.preventDefault();
          e.stopPropagation();
          const parsed = mediaNameSchema.safeParse(name);
          if (!parsed.success) setError(T.badName);
          else onSubmit(parsed.data);
        }}
      >
        <Stack>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Details of a file or folder: where it is, its size, dates and, for images, pixels. */
export function DetailsDialog({ details, onClose }: { details: MediaDetails | null; onClose: () => void }) {
  const rows: Array<[string, string]> = details
    ? [
        ['Name', details.name],
        ['Type', details.isFile ? details.type.toUpperCase() : 'Folder'],
        ['Location', details.location],
        ['Size', details.isFile ? `${details.size.toLocaleString()} bytes` : ''],
        ['Dimensions', details.width && details.height ? `${details.width} x ${details.height} px` : ''],
        ['Created', formatAdminDateTime(details.created)],
        ['Modified', formatAdminDateTime(details.modifiedOn)],
        ['Address', details.url ?? ''],
      ]
    : [];
  return (
    <Modal opened={!!details} onClose={onClose} title={T.details} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Table aria-label="File details">
        <Table.Tbody>
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

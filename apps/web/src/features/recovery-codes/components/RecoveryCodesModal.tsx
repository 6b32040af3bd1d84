import { Alert, Button, CopyButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { type GeneratedRecoveryCodes, RECOVERY_CODE_MESSAGES, recoveryCodesText } from '@portico/shared';
import { IconCopy, IconDownload, IconPrinter } from '@tabler/icons-react';
import { saveFile } from '../../../core/download';

interface RecoveryCodesModalProps {
  generated: GeneratedRecoveryCodes | null;
  onClose: () => void;
}

const PORTAL = 'Member portal';
export const RECOVERY_CODES_FILE = 'member-portal-recovery-codes.txt';

/** Prints the codes alone, from a blank window of their own (the page's other content stays off the paper). */
function printCodes(text: string) {
  const win = window.open('', '_blank', 'popup,width=480,height=640');
  if (!win) return;
  const pre = win.document.createElement('pre');
  pre.textContent = text;
  win.document.title = 'Recovery codes';
  win.document.body.append(pre);
  win.focus();
  win.print();
}

/** The new codes, shown this once: copy, download as text, print; closing says they were saved. */
export function RecoveryCodesModal({ generated, onClose }: RecoveryCodesModalProps) {
  const text = generated ? recoveryCodesText(generated.codes, PORTAL, new Date(generated.generatedOn ?? Date.now()).toUTCString()) : '';
  return (
    <Modal
      opened={!!generated}
      onClose={onClose}
      title="Your recovery codes"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Alert color="yellow" role="status">
          {RECOVERY_CODE_MESSAGES.generated}
        </Alert>
        <Text size="sm">Each code signs you in once in place of your second factor. Keep them somewhere safe, away from your devices.</Text>
        <List
          listStyleType="none"
          aria-label="Recovery codes"
          data-testid="recovery-codes"
          ff="monospace"
          fz="lg"
          style={{ columns: 2, columnGap: 'var(--mantine-spacing-xl)' }}
        >
          {generated?.codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group>
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), RECOVERY_CODES_FILE)}
          >
            Download
          </Button>
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => printCodes(text)}>
            Print
          </Button>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>I have saved these codes</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

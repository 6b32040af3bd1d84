import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { EULA_MESSAGES, type Eula, eulaBodyWithoutTitle, formatDateTimeZoned } from '@portico/shared';
import { IconPrinter } from '@tabler/icons-react';
import { createPortal } from 'react-dom';
import { useMlsZone } from '../../core/member';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { renumberHeadings } from '../../ui/inbox/heading-levels';
import { SafeHtml } from '../../ui/inbox/SafeHtml';
import { Spinner } from '../../ui/Spinner';
import { useUserEula } from './api';
import classes from './eula-print.module.css';

/** The signature and its time in the MLS's zone with the zone's abbreviation (decision 0969; issue 28). */
function Signature({ eula }: { eula: Eula }) {
  const zone = useMlsZone();
  return eula.acknowledgementTime ? (
    <Text size="sm" data-testid="eula-signature">
      Signed by <strong>{eula.signature ?? ''}</strong> on{' '}
      <time dateTime={eula.acknowledgementTime}>{formatDateTimeZoned(zone, eula.acknowledgementTime)}</time>
    </Text>
  ) : (
    <Text size="sm">You have not accepted this agreement yet.</Text>
  );
}

/** What Print prints: a copy in the page's flow, hidden on screen; the print stylesheet hides everything else. */
function PrintCopy({ eula }: { eula: Eula }) {
  return createPortal(
    <div className={classes.printCopy} data-testid="eula-print">
      <h1>{eula.name}</h1>
      <p>Version {eula.version}</p>
      <SafeHtml html={renumberHeadings(eulaBodyWithoutTitle(eula.content, eula.name), 2)} />
      <div className={classes.signature}>
        <Signature eula={eula} />
      </div>
    </div>,
    document.body,
  );
}

/** View EULA (user menu): the agreement the member accepted, with their signature and the time in the MLS's zone, and Print. */
export function EulaViewModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const eula = useUserEula(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={eula.data?.name ?? 'End User License Agreement'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {eula.isLoading && <Spinner label="Loading the agreement" />}
      {eula.isError && <ErrorPanel title="Error" message={EULA_MESSAGES.loadFailed} />}
      {eula.data && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Version {eula.data.version}
          </Text>
          {/* The agreement's HTML is sanitised on the server when it is stored. */}
          <SafeHtml html={renumberHeadings(eulaBodyWithoutTitle(eula.data.content, eula.data.name), 3)} testId="eula-content" />
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Signature eula={eula.data} />
            <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
              Print
            </Button>
          </Group>
          {opened && <PrintCopy eula={eula.data} />}
        </Stack>
      )}
    </Modal>
  );
}

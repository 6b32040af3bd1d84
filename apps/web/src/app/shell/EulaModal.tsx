import { Loader, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { SafeHtml } from '../../ui/inbox/SafeHtml';
import { apiGet } from '../api';

interface UserEula {
  id: number;
  version: string;
  title: string;
  bodyHtml: string;
  acceptedOn: string | null;
}

export const EULA_LOAD_FAILED = 'There was a problem loading the EULA Agreement. Please close this modal and contact support.';

/** View EULA: the agreement the member accepted (view only). */
export function EulaModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const eula = useQuery({
    queryKey: ['eula', 'user'],
    enabled: opened,
    queryFn: async ({ signal }) => (await apiGet<UserEula>('/api/app/Eula/GetUserEula', signal)).results[0],
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={eula.data?.title ?? 'End User License Agreement'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {eula.isLoading && <Loader role="status" aria-label="Loading the agreement" />}
      {eula.isError && <ErrorPanel title="Error" message={EULA_LOAD_FAILED} />}
      {eula.data && (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            Version {eula.data.version}
            {eula.data.acceptedOn ? ` · accepted ${new Date(eula.data.acceptedOn).toLocaleDateString('en-US')}` : ''}
          </Text>
          {/* The agreement's HTML is sanitised on the server when it is stored. */}
          <SafeHtml html={eula.data.bodyHtml} />
        </>
      )}
    </Modal>
  );
}

import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { formatDateTimeZoned, type GeneratedRecoveryCodes, RECOVERY_CODE_MESSAGES } from '@portico/shared';
import { IconKey } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../core/api';
import { useMlsZone } from '../../../core/member';
import { refreshAfterWrite } from '../../../core/refresh';
import { toast } from '../../../ui/notify';
import { generateRecoveryCodes, recoveryCodeKeys, useRecoveryCodes } from '../api';
import { RecoveryCodesModal } from './RecoveryCodesModal';

interface RecoveryCodesPanelProps {
  /** The member just added their first factor: the panel says why codes matter now. */
  isOffered?: boolean;
}

/** Recovery codes on the Manage Authentications tab (issue 32 §2): how many are left, and a new set. */
export function RecoveryCodesPanel({ isOffered = false }: RecoveryCodesPanelProps) {
  const client = useQueryClient();
  const zone = useMlsZone();
  const state = useRecoveryCodes();
  const [isConfirming, setConfirming] = useState(false);
  const [isGenerating, setGenerating] = useState(false);
  const [generated, setGenerated] = useState<GeneratedRecoveryCodes | null>(null);

  const generate = async () => {
    setConfirming(false);
    setGenerating(true);
    try {
      setGenerated(await generateRecoveryCodes());
      void refreshAfterWrite(client, recoveryCodeKeys.state);
    } catch (error) {
      toast('failure', error instanceof ApiError && error.code !== 'INTERNAL' ? error.message : RECOVERY_CODE_MESSAGES.generateFailed);
    } finally {
      setGenerating(false);
    }
  };
  const hasSet = !!state.data?.generatedOn;

  return (
    <Stack gap="xs" component="section" aria-labelledby="recovery-codes-title" data-testid="recovery-codes-panel">
      <Title order={2} size="h4" id="recovery-codes-title">
        Recovery codes
      </Title>
      {isOffered && !hasSet && (
        <Alert color="blue" role="status">
          {RECOVERY_CODE_MESSAGES.offerAfterFirstFactor}
        </Alert>
      )}
      {state.isError && (
        <Alert color="red" role="alert">
          {RECOVERY_CODE_MESSAGES.fetchFailed}
        </Alert>
      )}
      {state.data && (
        <Text size="sm" data-testid="recovery-codes-state">
          {hasSet
            ? `${state.data.remaining} of ${state.data.total} codes left, made ${formatDateTimeZoned(zone, state.data.generatedOn as string)}.`
            : 'You have no recovery codes. If you lose your second factors, a recovery code still signs you in.'}
          {state.data.lastUsedOn ? ` Last used ${formatDateTimeZoned(zone, state.data.lastUsedOn)}.` : ''}
        </Text>
      )}
      <Group>
        <Button
          variant={hasSet ? 'default' : 'filled'}
          leftSection={<IconKey size={16} aria-hidden />}
          loading={isGenerating}
          disabled={!state.data}
          onClick={() => (hasSet ? setConfirming(true) : void generate())}
        >
          {hasSet ? 'Generate new codes' : 'Generate recovery codes'}
        </Button>
      </Group>
      <Modal
        opened={isConfirming}
        onClose={() => setConfirming(false)}
        title="Generate new codes"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text>{RECOVERY_CODE_MESSAGES.regenerateConfirm}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void generate()}>
            Generate new codes
          </Button>
        </Group>
      </Modal>
      <RecoveryCodesModal generated={generated} onClose={() => setGenerated(null)} />
    </Stack>
  );
}

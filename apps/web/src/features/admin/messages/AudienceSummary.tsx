import { Text } from '@mantine/core';
import { type AdminMessageInput, messageAudienceSummary, ADMIN_MESSAGE_TEXTS as T } from '@portico/shared';
import { useMessageAudience } from './api';

interface Props {
  criteria: AdminMessageInput['criteria'];
  /** An existing message: the count keeps the office or association it was sent to. */
  messageId: number | null;
}

/**
 * Who the message goes to, counted by the server by the rules the message will be read by (issue 28 §4, decision
 * 1055); said again, politely, when the member types change.
 */
export function AudienceSummary({ criteria, messageId }: Props) {
  const audience = useMessageAudience({ criteria: criteria ?? [], ...(messageId === null ? {} : { id: messageId }) });
  const text = audience.data ? `${messageAudienceSummary(audience.data)}.` : audience.error ? T.audienceFailed : T.audienceLoading;
  return (
    <Text size="sm" data-testid="message-audience" aria-live="polite" aria-busy={audience.isFetching}>
      {audience.data ? (
        <>
          <Text span fw={600} size="sm">
            {T.audienceLabel}
          </Text>{' '}
          {text}
        </>
      ) : (
        text
      )}
    </Text>
  );
}

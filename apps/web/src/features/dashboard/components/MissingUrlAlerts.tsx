import { Alert, Stack } from '@mantine/core';
import { type AudienceApplication, DASHBOARD_MESSAGES } from '@portico/shared';
import { IconAlertCircle } from '@tabler/icons-react';

/** 'No application URL found for {app name}': one alert per app opened without a URL, until dismissed. */
export function MissingUrlAlerts({ apps, onDismiss }: { apps: AudienceApplication[]; onDismiss: (id: number) => void }) {
  if (apps.length === 0) return null;
  return (
    <Stack gap="xs">
      {apps.map((app) => (
        <Alert
          key={app.id}
          color="orange"
          variant="light"
          role="alert"
          icon={<IconAlertCircle aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => onDismiss(app.id)}
          data-testid="missing-url-alert"
        >
          {DASHBOARD_MESSAGES.noApplicationUrl(app.name)}
        </Alert>
      ))}
    </Stack>
  );
}

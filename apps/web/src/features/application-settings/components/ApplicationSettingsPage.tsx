import { Alert, Card, Group, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  APPLICATION_SETTINGS_MEMBER_TYPES,
  type OfficeApplication,
  type OfficeSummary,
  SETTINGS_MESSAGES,
  TOAST_ERROR_MS,
  TOAST_UPDATED_MS,
  type Viewer,
} from '@portico/shared';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../core/api';
import { useMember } from '../../../core/member';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { PageTitle } from '../../../ui/PageTitle';
import { OfficePicker, useOfficeSearch } from '../../settings/index';
import { useOfficeApplications, useToggleApplication } from '../api';
import { PageNotice } from './PageNotice';

/** The title depends on the role (docs/decisions/0302-application-settings.md). */
export function applicationSettingsTitle(viewer: Viewer): string {
  if (viewer.isCrmlsAdmin) return 'MLS Application Settings';
  if (viewer.isCrmlsAorAdmin) return 'Association Application Settings';
  if (viewer.isCrmlsOfficeAdmin) return 'Office Application Settings';
  return 'My Application Settings';
}

/** /product_settings: connected applications with a toggle each, per main office. */
export function ApplicationSettingsPage() {
  const { viewer } = useMember();
  const [office, setOffice] = useState<OfficeSummary | null>(null);
  // A broker (office admin only) may manage one main office: it is chosen for them (decision 0955).
  const ownOfficeCode =
    viewer.isCrmlsOfficeAdmin && !viewer.isCrmlsAorAdmin && !viewer.isCrmlsAdmin ? (viewer.mainOfficeCode ?? viewer.officeCode) : null;
  const ownOffices = useOfficeSearch(ownOfficeCode ?? '', !!ownOfficeCode);
  const onlyOffice = ownOffices.data?.length === 1 ? ownOffices.data[0] : null;
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (onlyOffice && !touched) setOffice(onlyOffice);
  }, [onlyOffice, touched]);
  const mayUse = viewer.isAdmin || (APPLICATION_SETTINGS_MEMBER_TYPES as readonly number[]).includes(viewer.memberType);
  const title = applicationSettingsTitle(viewer);
  if (!mayUse) {
    return (
      <>
        <PageTitle title={title} />
        <PageNotice text={SETTINGS_MESSAGES.noAccess} />
      </>
    );
  }
  return (
    <>
      <PageTitle title={title} />
      {viewer.isAdmin && (
        <Paper withBorder p="md" mb="md">
          <OfficePicker
            label="Office"
            selected={office}
            onSelect={(choice) => {
              setTouched(true);
              setOffice(choice);
            }}
            minChars={viewer.isCrmlsOfficeAdmin && !viewer.isCrmlsAorAdmin ? 1 : undefined}
          />
          <Text size="sm" mt="xs">
            {SETTINGS_MESSAGES.subOfficeNote}
          </Text>
        </Paper>
      )}
      {viewer.isAdmin && !office ? (
        <PageNotice text={SETTINGS_MESSAGES.chooseOffice} />
      ) : (
        <ApplicationList
          officeId={office?.id ?? null}
          officeName={office ? `${office.officeCode} - ${office.name}` : null}
          isAdmin={viewer.isAdmin}
        />
      )}
    </>
  );
}

function ApplicationList({ officeId, officeName, isAdmin }: { officeId: number | null; officeName: string | null; isAdmin: boolean }) {
  const list = useOfficeApplications(officeId, isAdmin);
  const toggle = useToggleApplication();
  if (list.error) {
    const text = list.error instanceof ApiError && list.error.status === 403 ? SETTINGS_MESSAGES.noAccess : list.error.message;
    return <ErrorPanel title={text} />;
  }
  if (!list.data) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{SETTINGS_MESSAGES.loadingResults}</Text>
      </Group>
    );
  }
  if (list.data.apps.length === 0) return <PageNotice text={SETTINGS_MESSAGES.noApplications} />;
  const handleToggle = (app: OfficeApplication, on: boolean) =>
    toggle.mutate(
      { officeId: app.officeId, applicationId: app.applicationId, accessControl: on ? 1 : 0 },
      {
        onSuccess: () =>
          notifications.show({
            title: SETTINGS_MESSAGES.updatedTitle,
            message: SETTINGS_MESSAGES.updatedMessage,
            color: 'green',
            autoClose: TOAST_UPDATED_MS,
            closeButtonProps: { 'aria-label': 'Close' },
            styles: { description: { color: 'var(--mantine-color-text)' } },
          }),
        onError: (error) =>
          notifications.show({
            title: 'There was a problem with this request',
            message: error.message,
            color: 'red',
            autoClose: TOAST_ERROR_MS,
            closeButtonProps: { 'aria-label': 'Close' },
            styles: { description: { color: 'var(--mantine-color-text)' } },
          }),
      },
    );
  return (
    <Card withBorder>
      {officeName && (
        <Text fw={600} mb="sm">
          Applications for {officeName}
        </Text>
      )}
      <Stack gap="sm">
        {list.data.apps.map((app) => (
          <Stack key={app.applicationId} gap={2}>
            <Switch
              label={app.applicationName}
              checked={app.accessControl}
              disabled={!app.isEditable || (toggle.isPending && toggle.variables?.applicationId === app.applicationId)}
              onChange={(e) => handleToggle(app, e.currentTarget.checked)}
            />
            {!app.isEditable && !isAdmin && (
              <Group gap={4} ml={52}>
                <IconLock size={14} aria-hidden />
                <Text size="sm">{SETTINGS_MESSAGES.managedByBroker}</Text>
              </Group>
            )}
          </Stack>
        ))}
      </Stack>
      {toggle.error instanceof ApiError && (
        <Alert color="red" mt="sm" role="alert">
          {toggle.error.message}
        </Alert>
      )}
    </Card>
  );
}

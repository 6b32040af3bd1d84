import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type LauncherApplication, LAUNCHER_APPLICATION_MESSAGES as M } from '@portico/shared';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { ConfirmDialog } from '../../ui/inbox/ConfirmDialog';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { toast } from '../../ui/notify';
import { ApplicationForm } from './ApplicationForm';
import {
  type AfterLauncherWrite,
  useCreateLauncherApplication,
  useDeleteLauncherApplication,
  useLauncherApplication,
  useSaveLauncherApplication,
} from './api';

/**
 * Navigates once the page has rendered again: the form's leave guard must first see that it is no longer dirty.
 */
function useNavigateAfterRender() {
  const navigate = useNavigate();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target) navigate(target);
  }, [target, navigate]);
  return setTarget;
}

/** `/admin/single-sign-on/new`: a new application of the launcher; saved, it opens on its single sign-on page. */
export function NewLauncherApplication({ basePath, onWritten }: { basePath: string; onWritten?: AfterLauncherWrite }) {
  const create = useCreateLauncherApplication(onWritten);
  const goTo = useNavigateAfterRender();
  return (
    <Stack gap="md">
      <Anchor component={Link} to={basePath} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> All applications
        </Group>
      </Anchor>
      <Title order={2} size="h3">
        {M.newApplication}
      </Title>
      <Text size="sm">
        The application gets a tile on the dashboard of the members in its audience. Once it is added, register its single sign-on (SAML or
        OpenID Connect) on its page.
      </Text>
      <Card withBorder padding="md">
        <ApplicationForm
          app={null}
          save={create.mutateAsync}
          saving={create.isPending}
          onSaved={(saved) => goTo(`${basePath}/${saved.applicationId}`)}
        />
      </Card>
    </Stack>
  );
}

/** On an application's single sign-on page: its launcher settings, audience, and delete. */
export function LauncherApplicationCard({
  applicationId,
  basePath,
  onWritten,
}: {
  applicationId: number;
  basePath: string;
  onWritten?: AfterLauncherWrite;
}) {
  const app = useLauncherApplication(applicationId);
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="xs">
        Launcher tile and audience
      </Title>
      {app.error ? (
        <ErrorPanel title={M.loadFailed} message={app.error.message} />
      ) : app.data ? (
        <Editor key={app.data.createdOn} app={app.data} basePath={basePath} onWritten={onWritten} />
      ) : (
        <LoadingBlock label="Loading the application" />
      )}
    </Card>
  );
}

function Editor({ app, basePath, onWritten }: { app: LauncherApplication; basePath: string; onWritten?: AfterLauncherWrite }) {
  const save = useSaveLauncherApplication(app.applicationId, onWritten);
  const remove = useDeleteLauncherApplication(app.applicationId, onWritten);
  const [confirming, setConfirming] = useState(false);
  const goTo = useNavigateAfterRender();
  const confirmDelete = async () => {
    setConfirming(false);
    try {
      toast('success', (await remove.mutateAsync(undefined)).message || M.deleted);
      goTo(basePath);
    } catch (error) {
      toast('failure', error instanceof Error ? error.message : String(error));
    }
  };
  const deleteButton = (
    <Stack gap={4}>
      <Button
        variant="default"
        color="red.8"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
        loading={remove.isPending}
        disabled={app.hasLaunches}
        aria-describedby={app.hasLaunches ? 'launcher-has-launches' : undefined}
      >
        Delete application
      </Button>
      {app.hasLaunches && (
        <Text size="xs" c="dimmed" maw={420} id="launcher-has-launches">
          {M.hasLaunches}
        </Text>
      )}
    </Stack>
  );
  return (
    <>
      <ApplicationForm app={app} save={save.mutateAsync} saving={save.isPending} extraActions={deleteButton} />
      <ConfirmDialog
        opened={confirming}
        text={M.confirmDelete(app.name)}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

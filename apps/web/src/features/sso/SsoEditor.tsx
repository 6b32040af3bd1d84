import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  CopyButton,
  FileInput,
  Group,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { SSO_MESSAGES as M, SSO_PROTOCOL_LABELS, SSO_PROTOCOLS, type SsoApplication, type SsoProtocol } from '@portico/shared';
import { IconArrowLeft, IconCheck, IconCopy, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../core/api';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { toast } from '../../ui/notify';
import { LauncherApplicationCard } from '../launcher-applications/index';
import { useRefreshAfterLauncherWrite, useRemoveSso, useSaveSso, useSsoApplication, useUploadMetadata } from './api';
import { OidcClientPanel } from './OidcClientPanel';
import { SamlFields, ssoFormField, toPayload, useSamlForm } from './SamlFields';
import { ProtocolBadge, SSO_BASE_PATH } from './SsoPanel';
import { TestSignOn } from './TestSignOn';

/** One application's single sign-on: its protocol, SAML settings or OIDC client, the IdP's data for the vendor, a test. */
export function SsoEditor({ applicationId }: { applicationId: number }) {
  const app = useSsoApplication(applicationId);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={SSO_BASE_PATH} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> All applications
        </Group>
      </Anchor>
      {app.error ? (
        <ErrorPanel title={M.loadFailed} message={app.error.message} />
      ) : app.data ? (
        <Editor app={app.data} />
      ) : app.isLoading ? (
        <LoadingBlock label="Loading the application" />
      ) : (
        <ErrorPanel title={M.unknownApplication} />
      )}
    </Stack>
  );
}

function Editor({ app }: { app: SsoApplication }) {
  const refreshSso = useRefreshAfterLauncherWrite();
  return (
    <>
      <Group gap="sm">
        <Title order={2} size="h3">
          {app.name}
        </Title>
        <ProtocolBadge protocol={app.protocol} />
      </Group>
      <LauncherApplicationCard applicationId={app.applicationId} basePath={SSO_BASE_PATH} onWritten={refreshSso} />
      <ForTheVendor app={app} />
      <MetadataUpload applicationId={app.applicationId} />
      <SettingsForm key={JSON.stringify(app)} app={app} />
      {app.protocol === 'saml' && <TestSignOn applicationId={app.applicationId} />}
    </>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal.8' : 'gray.7'}
                onClick={copy}
                aria-label={`Copy the ${label.toLowerCase()}`}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

/** What staff hand to the vendor: Portico's IdP metadata URL (and entity id), and the IdP-initiated launch URL. */
function ForTheVendor({ app }: { app: SsoApplication }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="xs">
        For the vendor
      </Title>
      <Stack gap="xs">
        <CopyField label="IdP metadata URL" value={app.idpMetadataUrl} />
        <CopyField label="IdP entity id" value={app.idpEntityId} />
        {app.launchUrl && <CopyField label="Launch URL (IdP-initiated)" value={app.launchUrl} />}
      </Stack>
    </Card>
  );
}

/** The SP's metadata XML, read by the server into the SAML settings (entity id, ACS URLs, signing certificate). */
function MetadataUpload({ applicationId }: { applicationId: number }) {
  const upload = useUploadMetadata(applicationId);
  const [error, setError] = useState<string | null>(null);
  const send = async (file: File | null) => {
    setError(null);
    if (!file) return;
    try {
      const res = await upload.mutateAsync(await file.text());
      toast('success', res.message || M.metadataRead);
    } catch (e) {
      const message = e instanceof ApiError ? (e.errors[0]?.message ?? e.message) : String(e);
      setError(message);
    }
  };
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="xs">
        Register from the SP's metadata
      </Title>
      <FileInput
        label="SP metadata XML"
        description="The vendor's service provider metadata: fills the entity id, ACS URLs and signing certificate, and turns SAML on."
        accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
        leftSection={<IconFileUpload size={16} aria-hidden />}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
        onChange={send}
        error={error}
        disabled={upload.isPending}
        maw={520}
      />
    </Card>
  );
}

function SettingsForm({ app }: { app: SsoApplication }) {
  const form = useSamlForm(app);
  const save = useSaveSso(app.applicationId);
  const remove = useRemoveSso(app.applicationId);
  const protocol = form.getValues().protocol;
  const submit = form.onSubmit(async (values) => {
    try {
      const res = await save.mutateAsync(toPayload(values));
      toast('success', res.message || M.saved);
    } catch (error) {
      if (error instanceof ApiError) for (const e of error.errors) form.setFieldError(ssoFormField(e.field), e.message);
      toast('failure', error instanceof Error ? error.message : String(error));
    }
  });
  const removeSso = async () => {
    try {
      toast('success', (await remove.mutateAsync(undefined)).message || M.removed);
    } catch (error) {
      toast('failure', error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Card withBorder padding="md">
      <form onSubmit={submit} noValidate aria-label="Single sign-on settings">
        <Stack gap="sm">
          <Radio.Group label="How the tile signs members in" {...form.getInputProps('protocol')}>
            <Group mt={6}>
              {SSO_PROTOCOLS.map((p: SsoProtocol) => (
                <Radio key={p} value={p} label={SSO_PROTOCOL_LABELS[p]} />
              ))}
            </Group>
          </Radio.Group>
          {protocol === 'saml' && <SamlFields form={form} />}
          {protocol === 'oidc' && (
            <Text size="sm">
              The application signs in as an OpenID Connect client of Portico: register its client below (saving the client makes OpenID
              Connect its sign-on).
            </Text>
          )}
          {protocol === 'link' && <Text size="sm">The tile opens {app.url ?? 'its URL'} in a new tab, without single sign-on.</Text>}
          <Group justify="space-between">
            {app.protocol !== 'link' ? (
              <Button variant="default" color="red" onClick={removeSso} loading={remove.isPending}>
                Remove single sign-on
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      {protocol === 'oidc' && (
        <Stack mt="md">
          <OidcClientPanel applicationId={app.applicationId} titleOrder={3} />
        </Stack>
      )}
    </Card>
  );
}

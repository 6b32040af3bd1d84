import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  OIDC_APP_MESSAGES,
  OIDC_APP_SCOPES,
  OIDC_AUTH_METHODS,
  type OidcAppScope,
  type OidcClient,
  oidcClientInputSchema,
} from '@portico/shared';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../core/api';
import { zodFormErrors } from '../../core/forms';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { toast } from '../../ui/notify';
import { useOidcClient, useRotateOidcSecret, useSaveOidcClient } from './oidc-api';

const SCOPE_LABELS: Record<(typeof OIDC_APP_SCOPES)[number], string> = {
  openid: 'openid (always: the member id)',
  profile: 'profile (names and login id)',
  email: 'email',
  mls: 'mls (MLS id, office, association, member type, state license)',
};

interface Values {
  redirectUris: string;
  postLogoutRedirectUris: string;
  initiateLoginUri: string;
  scopes: OidcAppScope[];
  tokenEndpointAuthMethod: (typeof OIDC_AUTH_METHODS)[number];
  enabled: boolean;
  backchannelLogoutUri: string;
  backchannelLogoutSessionRequired: boolean;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const toInput = (v: Values) => ({
  redirectUris: lines(v.redirectUris),
  postLogoutRedirectUris: lines(v.postLogoutRedirectUris),
  initiateLoginUri: v.initiateLoginUri.trim() || null,
  scopes: v.scopes,
  tokenEndpointAuthMethod: v.tokenEndpointAuthMethod,
  enabled: v.enabled,
  backchannelLogoutUri: v.backchannelLogoutUri.trim() || null,
  backchannelLogoutSessionRequired: v.backchannelLogoutSessionRequired,
});
/** Field errors of the list fields (`redirectUris.0`) shown on their text area. */
const fieldOf = (path: string) => path.split('.')[0];

/**
 * The OpenID Connect client of one application of the launcher (issue 19 section 2): MLS staff register it, change
 * it and make a new secret. The secret is shown once, in the answer that made it. `titleOrder` fits its heading
 * under the page's (2 below the page title).
 */
export function OidcClientPanel({ applicationId, titleOrder = 2 }: { applicationId: number; titleOrder?: 2 | 3 | 4 }) {
  const query = useOidcClient(applicationId);
  if (query.isPending) return <LoadingBlock label="Loading the OpenID Connect client" />;
  if (query.isError) return <ErrorPanel title="The OpenID Connect client could not be loaded" message={query.error.message} />;
  return <OidcClientForm key={query.data?.clientId ?? 'new'} applicationId={applicationId} client={query.data} titleOrder={titleOrder} />;
}

function OidcClientForm({
  applicationId,
  client,
  titleOrder,
}: {
  applicationId: number;
  client: OidcClient | null;
  titleOrder: 2 | 3 | 4;
}) {
  const save = useSaveOidcClient(applicationId);
  const rotate = useRotateOidcSecret(applicationId);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      redirectUris: client?.redirectUris.join('\n') ?? '',
      postLogoutRedirectUris: client?.postLogoutRedirectUris.join('\n') ?? '',
      initiateLoginUri: client?.initiateLoginUri ?? '',
      scopes: client?.scopes ?? [...OIDC_APP_SCOPES],
      tokenEndpointAuthMethod: client?.tokenEndpointAuthMethod ?? 'client_secret_basic',
      enabled: client?.enabled ?? true,
      backchannelLogoutUri: client?.backchannelLogoutUri ?? '',
      backchannelLogoutSessionRequired: client?.backchannelLogoutSessionRequired ?? false,
    },
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(zodFormErrors(oidcClientInputSchema, toInput(values))))
        errors[fieldOf(path)] ??= message;
      return errors;
    },
  });

  const submit = form.onSubmit((values) =>
    save.mutate(toInput(values), {
      onSuccess: (saved) => {
        if (saved.clientSecret) setSecret(saved.clientSecret);
        toast('success', saved.clientSecret ? OIDC_APP_MESSAGES.created : OIDC_APP_MESSAGES.saved);
      },
      onError: (error) => {
        if (error instanceof ApiError) for (const e of error.errors) form.setFieldError(fieldOf(e.field), e.message);
        toast('failure', error.message);
      },
    }),
  );

  const newSecret = () =>
    rotate.mutate(undefined, {
      onSuccess: (rotated) => {
        setConfirming(false);
        setSecret(rotated.clientSecret ?? null);
        toast('success', OIDC_APP_MESSAGES.rotated);
      },
      onError: (error) => toast('failure', error.message),
    });

  return (
    <Stack gap="md" maw={760}>
      <Title order={titleOrder} size="h4">
        OpenID Connect client
      </Title>
      {client ? (
        <Stack gap={4}>
          <Value label="Client ID" value={client.clientId} testId="oidc-client-id" />
          <Value label="Issuer" value={client.issuer} />
          <Value label="Discovery document" value={client.discoveryUrl} />
        </Stack>
      ) : (
        <Text size="sm">{OIDC_APP_MESSAGES.notRegistered} Register it to get a client ID and secret for the vendor.</Text>
      )}
      {secret && (
        <Alert color="yellow" variant="light" title="Client secret, shown only once" icon={<IconKey aria-hidden />}>
          <Stack gap="xs">
            <Text size="sm">Copy it now and hand it to the vendor over a safe channel: Portico cannot show it again.</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="oidc-client-secret" style={{ overflowWrap: 'anywhere' }}>
                {secret}
              </Code>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy secret'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label="OpenID Connect client">
        <Stack gap="md">
          <Textarea
            label="Redirect URIs"
            description="One per line: where the application receives the sign-in (https://)"
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('redirectUris')}
          />
          <Textarea
            label="Post-logout redirect URIs"
            description="One per line (optional)"
            autosize
            minRows={1}
            {...form.getInputProps('postLogoutRedirectUris')}
          />
          <TextInput
            label="Initiate login URI"
            description="The launcher tile opens it with iss and target_link_uri (third-party initiated login)"
            placeholder="https://"
            {...form.getInputProps('initiateLoginUri')}
          />
          <Checkbox.Group label="Scopes" description="The member claims the application may receive" {...form.getInputProps('scopes')}>
            <Stack gap={6} mt={6}>
              {OIDC_APP_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={SCOPE_LABELS[scope]} disabled={scope === 'openid'} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Select
            label="Client authentication"
            data={OIDC_AUTH_METHODS.map((m) => ({
              value: m,
              label: m === 'client_secret_basic' ? 'Secret by HTTP Basic' : 'Secret in the form',
            }))}
            allowDeselect={false}
            {...form.getInputProps('tokenEndpointAuthMethod')}
          />
          <TextInput
            label="Back-channel logout URI"
            description="Optional: Portico posts a signed logout token here when the member signs out or their sessions end"
            placeholder="https://"
            {...form.getInputProps('backchannelLogoutUri')}
          />
          <Checkbox
            label="Logout token carries the session id (sid)"
            description="Back-channel logout session required: the application ends only the session of that sign-in"
            {...form.getInputProps('backchannelLogoutSessionRequired', { type: 'checkbox' })}
          />
          <Switch label="Sign-in enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Group justify="flex-end">
            {client && (
              <Button variant="default" onClick={() => setConfirming(true)}>
                New client secret
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              {client ? 'Save' : 'Register OIDC client'}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Make a new client secret?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <Text size="sm">
            The current secret stops working at once: the application cannot sign members in until the vendor has the new one.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={rotate.isPending} onClick={newSecret}>
              Make a new secret
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Value({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={600}>
        {label}:
      </Text>
      <Code data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

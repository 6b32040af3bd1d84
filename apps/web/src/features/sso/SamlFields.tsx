import { Checkbox, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import {
  SAML_MEMBER_FIELD_LABELS,
  SAML_MEMBER_FIELDS,
  SAML_NAME_ID_FORMATS,
  type SamlMemberField,
  type SsoApplication,
  type SsoApplicationUpdate,
  type SsoProtocol,
  ssoApplicationUpdateSchema,
} from '@portico/shared';
import { zodFormErrors } from '../../core/forms';

/** The form's values: ACS URLs one a line, the certificate and RelayState as text ('' for none). */
export interface SsoFormValues {
  protocol: SsoProtocol;
  entityId: string;
  acsUrls: string;
  nameIdFormat: string;
  nameIdSource: string;
  attributeMap: Record<SamlMemberField, string>;
  signedRequestsRequired: boolean;
  spSigningCertificate: string;
  defaultRelayState: string;
}

const DEFAULT_NAME_ID = SAML_NAME_ID_FORMATS[0];

export function toPayload(v: SsoFormValues): SsoApplicationUpdate {
  if (v.protocol !== 'saml') return { protocol: v.protocol };
  const acsUrls = v.acsUrls
    .split('\n')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => ({ url, binding: 'post' as const }));
  return {
    protocol: 'saml',
    saml: {
      entityId: v.entityId.trim(),
      acsUrls,
      nameIdFormat: v.nameIdFormat as (typeof SAML_NAME_ID_FORMATS)[number],
      nameIdSource: v.nameIdSource as SamlMemberField,
      attributeMap: Object.fromEntries(Object.entries(v.attributeMap).map(([k, name]) => [k, name.trim()])),
      signedRequestsRequired: v.signedRequestsRequired,
      spSigningCertificate: v.spSigningCertificate.trim() || null,
      defaultRelayState: v.defaultRelayState || null,
    },
  };
}

/** A schema path ('saml.acsUrls.0.url') as the form field it belongs to ('acsUrls'). */
export function ssoFormField(path: string): string {
  const [head, name, key] = path.split('.');
  if (head !== 'saml' || !name) return path;
  return name === 'attributeMap' && key ? `attributeMap.${key}` : name;
}

export function useSamlForm(app: SsoApplication) {
  const s = app.saml;
  return useForm<SsoFormValues>({
    mode: 'controlled',
    initialValues: {
      protocol: app.protocol,
      entityId: s?.entityId ?? '',
      acsUrls: (s?.acsUrls ?? []).map((a) => a.url).join('\n'),
      nameIdFormat: s?.nameIdFormat ?? DEFAULT_NAME_ID,
      nameIdSource: s?.nameIdSource ?? 'memberMlsId',
      attributeMap: Object.fromEntries(SAML_MEMBER_FIELDS.map((f) => [f, s?.attributeMap[f] ?? ''])) as Record<SamlMemberField, string>,
      signedRequestsRequired: s?.signedRequestsRequired ?? true,
      spSigningCertificate: s?.spSigningCertificate ?? '',
      defaultRelayState: s?.defaultRelayState ?? '',
    },
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(zodFormErrors(ssoApplicationUpdateSchema, toPayload(values))))
        errors[ssoFormField(path)] ??= message;
      return errors;
    },
  });
}

/** The SAML settings of decision 0980: entity id, ACS URLs, NameID, attribute names, request signing, RelayState. */
export function SamlFields({ form }: { form: UseFormReturnType<SsoFormValues> }) {
  return (
    <Stack gap="sm">
      <TextInput label="SP entity id" withAsterisk {...form.getInputProps('entityId')} />
      <Textarea
        label="Assertion Consumer Service URLs"
        description="One a line, answered by HTTP-POST; the first is where IdP-initiated launches go."
        withAsterisk
        autosize
        minRows={2}
        {...form.getInputProps('acsUrls')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="NameID format"
          data={SAML_NAME_ID_FORMATS.map((f) => ({ value: f, label: f.split(':').pop() ?? f }))}
          allowDeselect={false}
          {...form.getInputProps('nameIdFormat')}
        />
        <Select
          label="NameID comes from"
          data={SAML_MEMBER_FIELDS.map((f) => ({ value: f, label: SAML_MEMBER_FIELD_LABELS[f] }))}
          allowDeselect={false}
          {...form.getInputProps('nameIdSource')}
        />
      </SimpleGrid>
      <Title order={4} size="h6" mt="xs">
        Attribute names (empty: not sent)
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {SAML_MEMBER_FIELDS.map((f) => (
          <TextInput key={f} label={SAML_MEMBER_FIELD_LABELS[f]} {...form.getInputProps(`attributeMap.${f}`)} />
        ))}
      </SimpleGrid>
      <Checkbox
        label="Signed AuthnRequests required (unsigned requests are refused)"
        {...form.getInputProps('signedRequestsRequired', { type: 'checkbox' })}
      />
      <Textarea
        label="SP signing certificate"
        description="PEM or base64; checks the signature of the SP's requests."
        autosize
        minRows={2}
        maxRows={8}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        {...form.getInputProps('spSigningCertificate')}
      />
      <TextInput label="Default RelayState" description="Sent with IdP-initiated launches." {...form.getInputProps('defaultRelayState')} />
    </Stack>
  );
}

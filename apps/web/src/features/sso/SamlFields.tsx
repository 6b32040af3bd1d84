import { Checkbox, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
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
  /** The ACS where IdP-initiated launches and requests naming none go ('' for the first). */
  acsDefault: string;
  /** The metadata index of each stored ACS URL (kept when staff save the form; new URLs get the next free one). */
  acsIndexes: Record<string, number>;
  nameIdFormat: string;
  nameIdSource: string;
  attributeMap: Record<SamlMemberField, string>;
  signedRequestsRequired: boolean;
  spSigningCertificate: string;
  defaultRelayState: string;
}

const DEFAULT_NAME_ID = SAML_NAME_ID_FORMATS[0];

const acsLines = (text: string) =>
  text
    .split('\n')
    .map((url) => url.trim())
    .filter(Boolean);

/** The ACS of the form, each with its index (the stored one, else the next free one) and the default marked. */
export function numberedAcsLines(v: Pick<SsoFormValues, 'acsUrls' | 'acsDefault' | 'acsIndexes'>) {
  const lines = acsLines(v.acsUrls);
  const used = new Set(lines.map((url) => v.acsIndexes[url]).filter((n) => n !== undefined));
  const taken = new Set<number>();
  let next = 0;
  return lines.map((url) => {
    let index = v.acsIndexes[url];
    if (index === undefined || taken.has(index)) {
      while (used.has(next) || taken.has(next)) next++;
      index = next;
    }
    taken.add(index);
    return { url, binding: 'post' as const, index, isDefault: url === v.acsDefault };
  });
}

export function toPayload(v: SsoFormValues): SsoApplicationUpdate {
  if (v.protocol !== 'saml') return { protocol: v.protocol };
  const acsUrls = numberedAcsLines(v);
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
      acsDefault: (s?.acsUrls ?? []).find((a) => a.isDefault)?.url ?? s?.acsUrls[0]?.url ?? '',
      acsIndexes: Object.fromEntries((s?.acsUrls ?? []).map((a) => [a.url, a.index])),
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

/** Every ACS with its index, and the choice of the default (where IdP-initiated launches go). */
function AcsList({ form }: { form: UseFormReturnType<SsoFormValues> }) {
  const acs = numberedAcsLines(form.getValues());
  if (acs.length === 0) return null;
  const chosen = acs.some((a) => a.isDefault) ? form.getValues().acsDefault : acs[0].url;
  return (
    <Stack gap={4}>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Index</Table.Th>
            <Table.Th>ACS URL</Table.Th>
            <Table.Th>Default</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {acs.map((a) => (
            <Table.Tr key={`${a.index} ${a.url}`}>
              <Table.Td>{a.index}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{a.url}</Table.Td>
              <Table.Td>{a.url === chosen ? 'Yes' : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Select
        label="Default ACS"
        description="Where IdP-initiated launches and requests that name no ACS are answered."
        data={[...new Set(acs.map((a) => a.url))]}
        value={chosen}
        allowDeselect={false}
        onChange={(url) => form.setFieldValue('acsDefault', url ?? '')}
      />
      <Text size="xs" c="dimmed">
        Indexes come from the SP's metadata; a new URL gets the next free one.
      </Text>
    </Stack>
  );
}

/** The SAML settings of decision 0980: entity id, ACS URLs, NameID, attribute names, request signing, RelayState. */
export function SamlFields({ form }: { form: UseFormReturnType<SsoFormValues> }) {
  return (
    <Stack gap="sm">
      <TextInput label="SP entity id" withAsterisk {...form.getInputProps('entityId')} />
      <Textarea
        label="Assertion Consumer Service URLs"
        description="One a line, answered by HTTP-POST. An SP's request may name one by its URL or its index."
        withAsterisk
        autosize
        minRows={2}
        {...form.getInputProps('acsUrls')}
      />
      <AcsList form={form} />
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

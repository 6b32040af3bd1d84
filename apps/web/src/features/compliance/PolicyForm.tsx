import { Button, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type CompliancePolicy,
  type CompliancePolicyInput,
  compliancePolicySchema,
  EXEMPTION_KIND_LABELS,
  EXEMPTION_KINDS,
  formatDateTimeIn,
  COMPLIANCE_LIMITS as L,
  COMPLIANCE_MESSAGES as M,
  zoneLabel,
} from '@portico/shared';
import { ApiError } from '../../core/api';
import { zodFormErrors } from '../../core/forms';
import { useMlsZone } from '../../core/member';
import { toast } from '../../ui/notify';
import { useSaveCompliancePolicy } from './api';

type Values = Omit<CompliancePolicyInput, 'holidayState'> & { holidayState: string };

const valuesOf = (p: CompliancePolicy): Values => ({
  exemptionKinds: p.exemptionKinds,
  delayedMarketingDays: p.delayedMarketingDays,
  disclosureDeadlineDays: p.disclosureDeadlineDays,
  marketingGraceDays: p.marketingGraceDays,
  citationSuspendDays: p.citationSuspendDays,
  holidayState: p.holidayState ?? '',
});

/** The policy's fields, validated by the server's schema; disabled for association staff. */
export function PolicyForm({ policy }: { policy: CompliancePolicy }) {
  const save = useSaveCompliancePolicy();
  const zone = useMlsZone();
  const disabled = !policy.canEdit;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(policy),
    validate: (values) => zodFormErrors(compliancePolicySchema, values),
  });
  const acceptsDelayed = form.getValues().exemptionKinds?.includes('delayed-marketing') ?? false;
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.setInitialValues(valuesOf(saved.results[0]!));
      form.resetDirty();
      toast('success', M.saved);
    } catch (error) {
      if (error instanceof ApiError) for (const e of error.errors) form.setFieldError(e.field, e.message);
      toast('failure', `${M.saveFailed} ${error instanceof Error ? error.message : ''}`.trim());
    }
  });
  const stateOptions = [{ value: '', label: M.noState }, ...policy.states.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="compliance-policy-title">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fw={700} id="compliance-policy-title">
            Clear Cooperation policy
          </Text>
          <Checkbox.Group
            label={M.exemptionKinds}
            description={M.exemptionKindsHint}
            {...form.getInputProps('exemptionKinds')}
            onChange={(kinds) => {
              form.setFieldValue('exemptionKinds', kinds as Values['exemptionKinds']);
              if (!kinds.includes('delayed-marketing')) form.setFieldValue('delayedMarketingDays', 0);
            }}
          >
            <Group mt="xs">
              {EXEMPTION_KINDS.map((kind) => (
                <Checkbox key={kind} value={kind} label={EXEMPTION_KIND_LABELS[kind]} disabled={disabled} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={M.delayedMarketingDays}
              description={M.delayedMarketingDaysHint}
              min={0}
              max={365}
              allowDecimal={false}
              disabled={disabled || !acceptsDelayed}
              {...form.getInputProps('delayedMarketingDays')}
            />
            <NumberInput
              label={M.disclosureDeadlineDays}
              min={1}
              max={30}
              allowDecimal={false}
              disabled={disabled}
              {...form.getInputProps('disclosureDeadlineDays')}
            />
            <NumberInput
              label={M.marketingGraceDays}
              min={0}
              max={10}
              allowDecimal={false}
              disabled={disabled}
              {...form.getInputProps('marketingGraceDays')}
            />
            <NumberInput
              label={M.citationSuspendDays}
              description={M.citationSuspendDaysHint}
              min={L.citationSuspendDays.min}
              max={L.citationSuspendDays.max}
              allowDecimal={false}
              disabled={disabled}
              {...form.getInputProps('citationSuspendDays')}
            />
            <Select
              label={M.holidayState}
              description={M.holidayStateHint}
              data={stateOptions}
              searchable
              allowDeselect={false}
              disabled={disabled}
              {...form.getInputProps('holidayState')}
            />
          </SimpleGrid>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {policy.updatedOn
                ? `Last changed ${formatDateTimeIn(zone, policy.updatedOn)} ${zoneLabel(zone)}${policy.updatedBy ? ` by ${policy.updatedBy}` : ''}.`
                : ''}
            </Text>
            {!disabled && (
              <Button type="submit" loading={save.isPending}>
                {M.save}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

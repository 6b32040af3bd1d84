import { Button, Group, MultiSelect, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  SECOND_FACTOR_POLICY_MESSAGES as M,
  MEMBER_TYPES,
  SECOND_FACTOR_POLICY_SCOPES,
  type SecondFactorPolicy,
  type SecondFactorPolicyScope,
  secondFactorPolicySchema,
} from '@portico/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../core/api';
import { zodFormErrors } from '../../../core/forms';
import { refreshAfterWrite } from '../../../core/refresh';
import { toast } from '../../../ui/notify';
import { savePolicy, secondFactorPolicyKeys } from '../api';

const TYPE_OPTIONS = MEMBER_TYPES.map((t) => ({ value: String(t.value), label: t.name }));

/** The MLS's policy: who must have a second factor, from when, after how many sign-ins of grace. */
export function PolicyForm({ policy }: { policy: SecondFactorPolicy }) {
  const client = useQueryClient();
  const [isSaving, setSaving] = useState(false);
  const form = useForm({
    initialValues: {
      scope: policy.scope,
      memberTypes: policy.memberTypes.map(String),
      requiredFrom: policy.requiredFrom ?? '',
      graceSignIns: policy.graceSignIns as number | string,
    },
  });
  const toRequest = (v: typeof form.values) => ({
    scope: v.scope,
    memberTypes: v.memberTypes.map(Number),
    requiredFrom: v.requiredFrom || null,
    graceSignIns: typeof v.graceSignIns === 'number' ? v.graceSignIns : Number.NaN,
  });

  const submit = form.onSubmit(async (values) => {
    const request = toRequest(values);
    const errors = zodFormErrors(secondFactorPolicySchema, request);
    if (Object.keys(errors).length) return form.setErrors(errors);
    setSaving(true);
    try {
      toast('success', await savePolicy(request));
      void refreshAfterWrite(client, secondFactorPolicyKeys.policy);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length)
        form.setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
      else toast('failure', error instanceof ApiError && error.code !== 'INTERNAL' ? error.message : M.saveFailed);
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Second-factor policy">
      <Stack maw={560}>
        <Radio.Group label="Second factor required for" {...form.getInputProps('scope')}>
          <Stack gap="xs" mt="xs">
            {SECOND_FACTOR_POLICY_SCOPES.map((scope: SecondFactorPolicyScope) => (
              <Radio key={scope} value={scope} label={M.scopeLabels[scope]} />
            ))}
          </Stack>
        </Radio.Group>
        {form.values.scope === 'types' && (
          <MultiSelect label="Member types" data={TYPE_OPTIONS} searchable clearable {...form.getInputProps('memberTypes')} />
        )}
        <TextInput
          type="date"
          label="Required from"
          description="Leave empty to require it at once."
          {...form.getInputProps('requiredFrom')}
        />
        <NumberInput
          label="Sign-ins of grace"
          description="How many times a member without a factor may still sign in before adding one."
          min={0}
          max={50}
          allowDecimal={false}
          {...form.getInputProps('graceSignIns')}
        />
        <Group>
          <Button type="submit" loading={isSaving}>
            Save policy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

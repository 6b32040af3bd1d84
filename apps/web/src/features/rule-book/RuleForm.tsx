import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ERROR_REASONS,
  RULE_BOOK_LIMITS as L,
  LADDER_STEP_KINDS,
  type LadderStep,
  RULE_BOOK_MESSAGES as M,
  RULE_CATEGORIES,
  RULE_CATEGORY_LABELS,
  type Rule,
  type RuleInput,
  ruleSchema,
} from '@portico/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../core/api';
import { zodFormErrors } from '../../core/forms';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { toast } from '../../ui/notify';
import { useDeleteRule, useSaveRule } from './api';
import { RULE_BOOK_PATH } from './RuleBookPanel';

const STEP_LABELS: Record<LadderStep['kind'], string> = { warning: 'Courtesy warning', fine: 'Fine' };
const NEW_RULE: RuleInput = {
  number: '',
  title: '',
  text: '',
  category: 'listing-data',
  windowMonths: 12,
  correctionDays: 3,
  steps: [
    { kind: 'warning', amount: 0, hearing: false },
    { kind: 'fine', amount: 100, hearing: false },
  ],
};
const valuesOf = (r: Rule): RuleInput => ({ ...r, steps: r.steps.map((s) => ({ ...s })) });

/** A rule and its ladder: MLS staff change it, association staff read it (the fields are disabled). */
export function RuleForm({ rule, canEdit }: { rule: Rule | null; canEdit: boolean }) {
  const navigate = useNavigate();
  const save = useSaveRule(rule?.id ?? null);
  const form = useForm<RuleInput>({
    mode: 'controlled',
    initialValues: rule ? valuesOf(rule) : NEW_RULE,
    validate: (values) => zodFormErrors(ruleSchema, values),
  });
  const steps = form.getValues().steps as LadderStep[];
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ ...values, version: rule?.version });
      toast('success', saved.message || M.updated(values.number));
      navigate(RULE_BOOK_PATH);
    } catch (error) {
      if (!(error instanceof ApiError)) return toast('failure', M.saveFailed);
      for (const e of error.errors) form.setFieldError(e.field, e.message);
      // Another's save came first: the edits stay in the form (issue 30: nothing is lost).
      toast('failure', error.reason === ERROR_REASONS.ruleStale ? M.stale : `${M.saveFailed} ${error.message}`.trim());
    }
  });
  const title = rule ? `Rule ${rule.number}` : M.newRule;
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Number" required maxLength={L.numberLength} {...form.getInputProps('number')} />
              <TextInput
                label="Title"
                required
                maxLength={L.titleLength}
                {...form.getInputProps('title')}
                style={{ gridColumn: 'span 2' }}
              />
            </SimpleGrid>
            <Textarea label="Text members read" required autosize minRows={3} maxLength={L.textLength} {...form.getInputProps('text')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Category"
                data={RULE_CATEGORIES.map((c) => ({ value: c, label: RULE_CATEGORY_LABELS[c] }))}
                allowDeselect={false}
                {...form.getInputProps('category')}
              />
              <NumberInput
                label="Window (months)"
                description="Offences inside it climb the ladder"
                min={L.windowMonths.min}
                max={L.windowMonths.max}
                allowDecimal={false}
                {...form.getInputProps('windowMonths')}
              />
              <NumberInput
                label="Time to correct (business days)"
                min={L.correctionDays.min}
                max={L.correctionDays.max}
                allowDecimal={false}
                {...form.getInputProps('correctionDays')}
              />
            </SimpleGrid>
            <LadderFields form={form} steps={steps} canEdit={canEdit} />
          </Stack>
        </fieldset>
        <Group justify="space-between">
          <Group>
            {canEdit && (
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            )}
            <Button component={Link} to={RULE_BOOK_PATH} variant="default">
              {canEdit ? 'Cancel' : 'Back to the rule book'}
            </Button>
          </Group>
          {canEdit && rule && <DeleteRule rule={rule} />}
        </Group>
      </Stack>
    </Card>
  );
}

type RuleFormApi = ReturnType<typeof useForm<RuleInput>>;

/** The ladder's steps in order: a courtesy warning (free) or a fine in whole dollars, each with an optional hearing. */
function LadderFields({ form, steps, canEdit }: { form: RuleFormApi; steps: LadderStep[]; canEdit: boolean }) {
  const stepsError = form.errors.steps;
  return (
    <Fieldset legend="Fine ladder">
      <Stack gap="sm">
        <Text size="sm">
          The first offence inside the window takes the first step, the next the second, and so on; after the last step, the last again.
        </Text>
        {steps.map((step, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the ladder; the inputs are controlled by the form
          <Group key={`step-${i}`} align="flex-end" gap="sm" wrap="wrap" data-testid="ladder-step">
            <Text fw={600} size="sm" w={56}>
              Step {i + 1}
            </Text>
            <Select
              label={`Step ${i + 1} kind`}
              data={LADDER_STEP_KINDS.map((k) => ({ value: k, label: STEP_LABELS[k] }))}
              allowDeselect={false}
              w={180}
              {...form.getInputProps(`steps.${i}.kind`)}
              onChange={(kind) => {
                form.setFieldValue(`steps.${i}.kind`, kind as LadderStep['kind']);
                if (kind === 'warning') form.setFieldValue(`steps.${i}.amount`, 0);
              }}
            />
            <NumberInput
              label={`Step ${i + 1} amount`}
              prefix="$"
              thousandSeparator=","
              min={0}
              max={L.maxFine}
              allowDecimal={false}
              disabled={step.kind === 'warning'}
              w={140}
              {...form.getInputProps(`steps.${i}.amount`)}
            />
            <Checkbox label="Hearing" mb={8} {...form.getInputProps(`steps.${i}.hearing`, { type: 'checkbox' })} />
            {canEdit && steps.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                mb={4}
                aria-label={`Remove step ${i + 1}`}
                onClick={() => form.removeListItem('steps', i)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
        {stepsError && (
          <Text c="red.8" size="sm" role="alert">
            {stepsError}
          </Text>
        )}
        {canEdit && steps.length < L.maxSteps && (
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            w="fit-content"
            onClick={() => form.insertListItem('steps', { kind: 'fine', amount: steps.at(-1)?.amount || 100, hearing: false })}
          >
            Add a step
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}

function DeleteRule({ rule }: { rule: Rule }) {
  const remove = useDeleteRule();
  const navigate = useNavigate();
  return (
    <ConfirmDelete
      label="Delete rule"
      question={`Delete rule ${rule.number}?`}
      pending={remove.isPending}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(rule.id);
          toast('success', M.deleted(rule.number));
          navigate(RULE_BOOK_PATH);
        } catch (error) {
          toast('failure', error instanceof Error ? error.message : M.saveFailed);
        }
      }}
    />
  );
}

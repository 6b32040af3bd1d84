import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { REQUIREMENT_LIMITS as L, REQUIREMENT_MESSAGES as M, type Requirement, type Viewer } from '@portico/shared';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../core/api';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { toast } from '../../ui/notify';
import { useDeleteRequirement, useSaveRequirement } from './api';
import { formErrorsOf, formValuesOf, NEW_REQUIREMENT, REQUIREMENTS_PATH, type RequirementFormValues, toRequirementInput } from './form';
import { enforcementText } from './format';
import { CoursesFields, EnforcementFields, PeriodFields, WhoFields } from './RequirementFields';

/**
 * A requirement: every field of the contract. The server judges it as a whole (decision 1110); its field errors go
 * beside their fields and what was typed stays. Association staff read the MLS's requirements with nothing to change,
 * and never see the enforcement fields (only MLS staff choose what an overdue member loses).
 */
export function RequirementForm({ requirement, viewer }: { requirement: Requirement | null; viewer: Viewer }) {
  const navigate = useNavigate();
  const save = useSaveRequirement(requirement?.id ?? null);
  const canEdit = requirement?.canEdit ?? true;
  const form = useForm<RequirementFormValues>({
    mode: 'controlled',
    initialValues: requirement ? formValuesOf(requirement) : NEW_REQUIREMENT,
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toRequirementInput(values, viewer));
      toast('success', saved.message || M.updated(values.name));
      navigate(REQUIREMENTS_PATH);
    } catch (error) {
      if (!(error instanceof ApiError)) return toast('failure', M.saveFailed);
      form.setErrors(formErrorsOf(error.errors));
      toast('failure', error.errors.length ? M.saveFailed : `${M.saveFailed} ${error.message}`.trim());
    }
  });
  const title = requirement ? requirement.name : M.newRequirement;
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {!canEdit && (
          <Alert color="blue" variant="light" title="Read only">
            {M.mlsOwned}
          </Alert>
        )}
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Name" required maxLength={L.nameLength} style={{ gridColumn: 'span 2' }} {...form.getInputProps('name')} />
              <NumberInput
                label="Hours"
                required
                min={L.hours.min}
                max={L.hours.max}
                step={0.25}
                decimalScale={2}
                {...form.getInputProps('hours')}
              />
            </SimpleGrid>
            <CoursesFields form={form} />
            <WhoFields form={form} viewer={viewer} />
            <PeriodFields form={form} />
            {viewer.level === 5 ? (
              <EnforcementFields form={form} />
            ) : (
              requirement && <Text size="sm">Overdue members lose: {enforcementText(requirement.enforcement)}</Text>
            )}
          </Stack>
        </fieldset>
        <Group justify="space-between">
          <Group>
            {canEdit && (
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            )}
            <Button component={Link} to={REQUIREMENTS_PATH} variant="default">
              {canEdit ? 'Cancel' : 'Back to the requirements'}
            </Button>
          </Group>
          {canEdit && requirement && <DeleteRequirement requirement={requirement} />}
        </Group>
      </Stack>
    </Card>
  );
}

/** Delete, then a confirmation in place: removing a requirement lifts the holds it placed. */
function DeleteRequirement({ requirement }: { requirement: Requirement }) {
  const remove = useDeleteRequirement();
  const navigate = useNavigate();
  return (
    <ConfirmDelete
      label="Delete requirement"
      question={`Delete “${requirement.name}”? Members it holds get their access back.`}
      pending={remove.isPending}
      onConfirm={async () => {
        try {
          const res = await remove.mutateAsync(requirement.id);
          toast('success', res.message || M.deleted(requirement.name));
          navigate(REQUIREMENTS_PATH);
        } catch (error) {
          toast('failure', error instanceof Error ? `${M.deleteFailed} ${error.message}` : M.deleteFailed);
        }
      }}
    />
  );
}

import { Checkbox, Fieldset, MultiSelect, NumberInput, Radio, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  type EnforcedApplications,
  REQUIREMENT_LIMITS as L,
  REQUIREMENT_MESSAGES as M,
  MEMBER_TYPES,
  type RequirementPeriodKind,
  type Viewer,
} from '@portico/shared';
import { useAssociations } from '../settings/index';
import { useApplicationChoices, useTopicChoices } from './api';
import type { RequirementFormValues } from './form';

type FormApi = UseFormReturnType<RequirementFormValues>;

const TYPE_OPTIONS = MEMBER_TYPES.map((t) => ({ value: String(t.value), label: t.name }));
const PERIOD_LABELS: Record<RequirementPeriodKind, string> = {
  cycle: 'A fixed cycle',
  rolling: 'A rolling period of years',
  joining: 'Days from joining',
};
const APPLICATION_LABELS: Record<EnforcedApplications, string> = {
  none: 'No applications',
  all: 'Every application',
  chosen: 'Chosen applications',
};

/** Keeps the ids a requirement names in the choices, so that one no longer offered still shows (and can be removed). */
const withSaved = (options: Array<{ value: string; label: string }>, saved: string[]) => [
  ...options,
  ...saved.filter((id) => !options.some((o) => o.value === id)).map((id) => ({ value: id, label: `#${id}` })),
];

/** The courses that count: Portico class topics, and outside course numbers (matched whatever their case). */
export function CoursesFields({ form }: { form: FormApi }) {
  const topics = useTopicChoices();
  const options = (topics.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  return (
    <Fieldset legend="Courses that count">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiSelect
          label="Class topics"
          placeholder={topics.isLoading ? 'Loading the topics…' : 'Pick topics'}
          data={withSaved(options, form.getValues().topicIds)}
          searchable
          clearable
          hidePickedOptions
          maxValues={L.maxCourses}
          {...form.getInputProps('topicIds')}
        />
        <TagsInput
          label="Outside course numbers"
          description="Press Enter after each number."
          maxTags={L.maxCourses}
          splitChars={[',', ' ']}
          {...form.getInputProps('courseNumbers')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

/** Who must complete it: member types and associations (none picked: all); association staff's are their members. */
export function WhoFields({ form, viewer }: { form: FormApi; viewer: Viewer }) {
  const mls = viewer.level === 5;
  const associations = useAssociations(mls);
  const aorOptions = (associations.data ?? []).map((a) => ({ value: String(a.id), label: `${a.shortName} – ${a.name}` }));
  const values = form.getValues();
  return (
    <Fieldset legend="Who must complete it">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label="Member types"
            placeholder={values.memberTypes.length ? undefined : 'All member types'}
            data={TYPE_OPTIONS}
            searchable
            clearable
            hidePickedOptions
            {...form.getInputProps('memberTypes')}
          />
          {mls ? (
            <MultiSelect
              label="Associations"
              placeholder={values.associationIds.length ? undefined : 'All associations'}
              data={withSaved(aorOptions, values.associationIds)}
              searchable
              clearable
              hidePickedOptions
              {...form.getInputProps('associationIds')}
            />
          ) : (
            <TextInput label="Associations" readOnly value={`Members of ${viewer.aorShortName ?? 'your association'}`} />
          )}
        </SimpleGrid>
        <Checkbox
          label="New members only (those whose access started on or after a day)"
          {...form.getInputProps('newMembersOnly', { type: 'checkbox' })}
        />
        {values.newMembersOnly && (
          <TextInput
            type="date"
            label="Access started on or after"
            w={{ base: '100%', sm: 240 }}
            {...form.getInputProps('newMembersFrom')}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

/** The period: a fixed cycle (first and last day), a rolling period of N years, or N days from joining. */
export function PeriodFields({ form }: { form: FormApi }) {
  const kind = form.getValues().periodKind;
  return (
    <Fieldset legend="Period">
      <Stack gap="sm">
        <Radio.Group label="Kind of period" {...form.getInputProps('periodKind')}>
          <Stack gap="xs" mt="xs">
            {(Object.keys(PERIOD_LABELS) as RequirementPeriodKind[]).map((k) => (
              <Radio key={k} value={k} label={PERIOD_LABELS[k]} />
            ))}
          </Stack>
        </Radio.Group>
        {kind === 'cycle' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput type="date" label="Cycle’s first day" {...form.getInputProps('cycleStart')} />
            <TextInput type="date" label="Cycle’s last day" {...form.getInputProps('cycleEnd')} />
          </SimpleGrid>
        )}
        {kind === 'rolling' && (
          <NumberInput
            label="Every (years)"
            description="Each time the hours add up, the next period starts from that completion."
            min={L.everyYears.min}
            max={L.everyYears.max}
            allowDecimal={false}
            w={{ base: '100%', sm: 240 }}
            {...form.getInputProps('everyYears')}
          />
        )}
        {kind === 'joining' && (
          <NumberInput
            label="Within (days of joining)"
            min={L.withinDays.min}
            max={L.withinDays.max}
            allowDecimal={false}
            w={{ base: '100%', sm: 240 }}
            {...form.getInputProps('withinDays')}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

/** What an overdue member loses (MLS staff only): listing entry, and no, every or chosen applications. */
export function EnforcementFields({ form }: { form: FormApi }) {
  const values = form.getValues();
  const applications = useApplicationChoices(values.applications === 'chosen');
  const options = (applications.data ?? []).map((a) => ({ value: String(a.applicationId), label: a.name }));
  const error = form.errors.enforcement;
  return (
    <Fieldset legend="What an overdue member loses">
      <Stack gap="sm">
        <Checkbox label="Listing entry" {...form.getInputProps('listingEntry', { type: 'checkbox' })} />
        <Radio.Group label="Applications" {...form.getInputProps('applications')}>
          <Stack gap="xs" mt="xs">
            {(Object.keys(APPLICATION_LABELS) as EnforcedApplications[]).map((k) => (
              <Radio key={k} value={k} label={APPLICATION_LABELS[k]} />
            ))}
          </Stack>
        </Radio.Group>
        {values.applications === 'chosen' && (
          <MultiSelect
            label="Chosen applications"
            placeholder={applications.isLoading ? 'Loading the applications…' : 'Pick applications'}
            data={withSaved(options, values.applicationIds)}
            searchable
            clearable
            hidePickedOptions
            {...form.getInputProps('applicationIds')}
          />
        )}
        <Text size="sm" c="dimmed">
          {M.enforcementHint}
        </Text>
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}

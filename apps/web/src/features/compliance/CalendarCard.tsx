import '@mantine/dates/styles.css';
import { Badge, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  type BusinessCalendarAnswer,
  type CalendarDayInput,
  calendarDaySchema,
  createBusinessCalendar,
  formatDateSlash,
  isBusinessDay,
  COMPLIANCE_MESSAGES as M,
  todayIn,
  zoneLabel,
} from '@portico/shared';
import { useMemo } from 'react';
import { ApiError } from '../../core/api';
import { zodFormErrors } from '../../core/forms';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { toast } from '../../ui/notify';
import { useIsPhone } from '../../ui/useIsPhone';
import { useAddCalendarDay, useBusinessCalendar, useRemoveCalendarDay } from './api';

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
/** 'Fri, 11/27/2026' of a calendar day, whatever the browser's zone. */
function dayLabel(date: string): string {
  return `${WEEKDAY.format(new Date(`${date}T12:00:00Z`))}, ${formatDateSlash(date)}`;
}

/** The business-day calendar: next holidays and closures, the days kept open, and (MLS staff) adding or removing them. */
export function CalendarCard({ canEdit }: { canEdit: boolean }) {
  const answer = useBusinessCalendar();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="compliance-calendar-title" data-testid="compliance-calendar">
      <Stack>
        <div>
          <Text fw={700} id="compliance-calendar-title">
            {M.calendarTitle}
          </Text>
          <Text size="sm">{M.calendarIntro}</Text>
          {answer.data && <Text size="sm">{M.timeZoneNote(zoneLabel(answer.data.zone))}</Text>}
        </div>
        {answer.error ? (
          <ErrorPanel title={M.loadFailed} message={answer.error.message} />
        ) : !answer.data ? (
          <LoadingBlock label="Loading the calendar" />
        ) : (
          <CalendarDays answer={answer.data} canEdit={canEdit} />
        )}
      </Stack>
    </Card>
  );
}

function CalendarDays({ answer, canEdit }: { answer: BusinessCalendarAnswer; canEdit: boolean }) {
  const remove = useRemoveCalendarDay();
  const calendar = useMemo(() => createBusinessCalendar(answer), [answer]);
  const openings = answer.days.filter((d) => d.kind === 'open');
  // On a phone the table has two columns, the action under the day's name (issue 28 §5).
  const isPhone = useIsPhone();

  async function handle(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      toast('success', done);
    } catch (error) {
      toast('failure', error instanceof Error ? error.message : M.saveFailed);
    }
  }

  return (
    <>
      {/* On a phone the action sits under the day's name, not in a third column that ran off the screen (decision 1057). */}
      <Table striped captionSide="top" aria-label={M.upcoming} horizontalSpacing={isPhone ? 'xs' : 'sm'}>
        <Table.Caption ta="left" fw={600} c="var(--mantine-color-text)">
          {M.upcoming}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Holiday or closure</Table.Th>
            {canEdit && !isPhone && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.upcoming.map((day) => {
            const action = canEdit && <DayAction day={day} onAction={handle} />;
            return (
              <Table.Tr key={day.date}>
                <Table.Td>{dayLabel(day.date)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <span style={{ overflowWrap: 'anywhere' }}>{day.name}</span>
                    <Badge variant="filled" color={day.kind === 'closure' ? 'teal.9' : 'blue.9'}>
                      {day.kind === 'closure' ? 'Closure' : 'Holiday'}
                    </Badge>
                  </Group>
                  {isPhone && action && <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>{action}</div>}
                </Table.Td>
                {!isPhone && action && <Table.Td>{action}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {answer.upcoming.length === 0 && <Text size="sm">{M.noUpcoming}</Text>}
      {openings.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {M.openedDays}
          </Text>
          {openings.map((day) => (
            <Group key={day.date} gap="sm">
              <Text size="sm">
                {dayLabel(day.date)}: {day.name}
              </Text>
              {canEdit && (
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`${M.removeDay} the opening of ${dayLabel(day.date)}`}
                  onClick={() => handle(() => remove.mutateAsync(day.date), M.dayRemoved)}
                >
                  {M.removeDay}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {canEdit && <AddClosureForm zone={answer.zone} isOpenDay={(date) => isBusinessDay(calendar, date)} />}
    </>
  );
}

/** Keep open on a holiday, or remove a closure: one button, named with its day for a screen reader. */
function DayAction({
  day,
  onAction,
}: {
  day: BusinessCalendarAnswer['upcoming'][number];
  onAction: (action: () => Promise<unknown>, done: string) => void;
}) {
  const add = useAddCalendarDay();
  const remove = useRemoveCalendarDay();
  return day.kind === 'closure' ? (
    <Button
      size="xs"
      variant="default"
      aria-label={`${M.removeDay} ${day.name}, ${dayLabel(day.date)}`}
      onClick={() => onAction(() => remove.mutateAsync(day.date), M.dayRemoved)}
    >
      {M.removeDay}
    </Button>
  ) : (
    <Button
      size="xs"
      variant="default"
      aria-label={`${M.keepOpen} on ${day.name}, ${dayLabel(day.date)}`}
      onClick={() => onAction(() => add.mutateAsync({ date: day.date, kind: 'open' }), M.keptOpen)}
    >
      {M.keepOpen}
    </Button>
  );
}

function AddClosureForm({ zone, isOpenDay }: { zone: string; isOpenDay: (date: string) => boolean }) {
  const add = useAddCalendarDay();
  const form = useForm<CalendarDayInput>({
    mode: 'controlled',
    initialValues: { date: '', kind: 'closed', name: '' },
    validate: (values) => zodFormErrors(calendarDaySchema, values),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      form.reset();
      toast('success', M.closureAdded);
    } catch (error) {
      if (error instanceof ApiError) for (const e of error.errors) form.setFieldError(e.field, e.message);
      toast('failure', error instanceof Error ? error.message : M.saveFailed);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={M.addClosure}>
      <Text fw={600} size="sm" mb="xs">
        {M.addClosure}
      </Text>
      <Group align="flex-start" wrap="wrap">
        <DatePickerInput
          label={M.closureDate}
          required
          valueFormat="MM/DD/YYYY"
          minDate={todayIn(zone)}
          defaultDate={todayIn(zone)}
          excludeDate={(d) => !isOpenDay(String(d).slice(0, 10))}
          value={form.getValues().date || null}
          onChange={(v) => form.setFieldValue('date', v ?? '')}
          error={form.errors.date}
          w={200}
        />
        <TextInput
          label={M.closureName}
          required
          placeholder={M.closureNamePlaceholder}
          maxLength={100}
          w={260}
          {...form.getInputProps('name')}
        />
        <Button type="submit" mt={25} loading={add.isPending}>
          {M.addClosure}
        </Button>
      </Group>
    </form>
  );
}

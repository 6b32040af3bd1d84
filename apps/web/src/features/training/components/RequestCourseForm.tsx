import '@mantine/dates/styles.css';
import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  earliestRequestDate,
  isWeekendDay,
  latestRequestDate,
  TRAINING_MESSAGES as M,
  TOAST_SUCCESS_MS,
  TRAINING,
  todayIn,
  zoneLabel,
} from '@portico/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError } from '../../../core/api';
import { useMember } from '../../../core/member';
import { refreshAfterWrite } from '../../../core/refresh';
import { notify } from '../../../ui/notify';
import { trainingApi, trainingKeys } from '../api';
import { useTopics } from '../hooks/useTrainingData';
import { dateTimeOf, EMPTY_REQUEST, type RequestFormValues, timeSlotsFor, validateRequestForm } from '../request-form';

/**
 * Request a Course: topic, details and a weekday date with a half-hour time between 8:30 and 16:00, all on the wall
 * clock of the MLS's (or the association's) time zone, whatever zone the browser is in (decision 0969).
 */
export function RequestCourseForm({ onCreated }: { onCreated: () => void }) {
  const { viewer } = useMember();
  const topics = useTopics();
  const client = useQueryClient();
  const [values, setValues] = useState<RequestFormValues>(EMPTY_REQUEST);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const now = useMemo(() => new Date(), []);
  const zone = viewer.timeZone;
  const earliestDay = earliestRequestDate(now, zone).slice(0, 10);
  const latestDay = latestRequestDate(now, zone).slice(0, 10);
  const slots = timeSlotsFor(values.date, now, zone);

  const create = useMutation({
    mutationFn: () => {
      const topic = topics.data?.find((t) => t.name === values.topic);
      return trainingApi.createRequest({
        requestedBy: viewer.memberId,
        trainingTopicId: topic?.id ?? 0,
        comments: values.comments,
        dateTime: dateTimeOf(values),
      });
    },
    onSuccess: () => {
      notify('green', M.registerSuccessTitle, M.requestCreated, TOAST_SUCCESS_MS);
      setValues(EMPTY_REQUEST);
      void refreshAfterWrite(client, trainingKeys.all);
      onCreated();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors.length > 0) {
        setErrors(Object.fromEntries(error.errors.map((e) => [e.field === 'trainingTopicId' ? 'topic' : e.field, e.message])));
      }
      notify('red', M.requestErrorTitle, error.message || M.requestProblem, TRAINING.requestErrorToastMs);
    },
  });

  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value, ...(key === 'date' ? { time: null } : {}) }));
    setErrors((e) => ({ ...e, [key === 'date' || key === 'time' ? 'dateTime' : key]: '' }));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRequestForm(values, new Date(), zone);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    create.mutate();
  };

  const dateError = errors.dateTime && (!values.date ? errors.dateTime : undefined);
  const timeError = errors.dateTime && values.date ? errors.dateTime : undefined;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Request a Course">
      <Stack maw={560} gap="md">
        <Text size="sm">Ask for a class on a topic; training staff review each request and schedule the class.</Text>
        <Text size="sm" c="dimmed" data-testid="mls-today">
          {M.requestZoneNote(zoneLabel(zone), dayjs(todayIn(zone, now)).format('MM/DD/YYYY'))}
        </Text>
        <Select
          label="Topic"
          placeholder="Choose a topic"
          required
          searchable
          data={(topics.data ?? []).map((t) => t.name)}
          value={values.topic || null}
          onChange={(v) => set('topic', v ?? '')}
          error={errors.topic || undefined}
          nothingFoundMessage="No topic found"
        />
        <Textarea
          label="Request Details"
          required
          autosize
          minRows={3}
          maxLength={TRAINING.commentsMax}
          value={values.comments}
          onChange={(e) => set('comments', e.currentTarget.value)}
          error={errors.comments || undefined}
          description={`${values.comments.length} / ${TRAINING.commentsMax}`}
        />
        <Group grow align="flex-start">
          <DatePickerInput
            label="Requested Date"
            description="Weekdays, up to one year out"
            required
            clearable
            clearButtonProps={{ 'aria-label': 'Clear date' }}
            valueFormat="MM/DD/YYYY"
            minDate={earliestDay}
            maxDate={latestDay}
            defaultDate={earliestDay}
            excludeDate={(d) => isWeekendDay(dayjs(d).format('YYYY-MM-DD'))}
            value={values.date}
            onChange={(v) => set('date', v)}
            error={dateError || undefined}
          />
          <Select
            label="Requested Time"
            description={M.requestTimeHint(zoneLabel(zone))}
            required
            disabled={!values.date}
            data={slots.map((t) => ({ value: t, label: dayjs(`2000-01-01T${t}`).format('hh:mm A') }))}
            value={values.time}
            onChange={(v) => set('time', v)}
            error={timeError || undefined}
          />
        </Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            Submit Request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

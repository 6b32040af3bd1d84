import '@mantine/dates/styles.css';
import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { earliestRequestDate, isWeekend, latestRequestDate, TRAINING_MESSAGES as M, TOAST_SUCCESS_MS, TRAINING } from '@portico/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError } from '../../../app/api';
import { useMember } from '../../../app/member';
import { notify } from '../../../ui/notify';
import { trainingApi, trainingKeys } from '../api';
import { useTopics } from '../hooks/useTrainingData';
import { dateTimeOf, EMPTY_REQUEST, type RequestFormValues, timeSlotsFor, validateRequestForm } from '../request-form';

/** Request a Course: topic, details and a weekday date with a half-hour time between 8:30 and 16:00. */
export function RequestCourseForm({ onCreated }: { onCreated: () => void }) {
  const { viewer } = useMember();
  const topics = useTopics();
  const client = useQueryClient();
  const [values, setValues] = useState<RequestFormValues>(EMPTY_REQUEST);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const now = useMemo(() => new Date(), []);
  const earliestDay = dayjs(earliestRequestDate(now)).format('YYYY-MM-DD');
  const latestDay = dayjs(latestRequestDate(now)).format('YYYY-MM-DD');
  const slots = timeSlotsFor(values.date, now);

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
      void client.invalidateQueries({ queryKey: trainingKeys.all });
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
    const found = validateRequestForm(values, new Date());
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
            valueFormat="MM/DD/YYYY"
            minDate={earliestDay}
            maxDate={latestDay}
            excludeDate={(d) => isWeekend(dayjs(d).toDate())}
            value={values.date}
            onChange={(v) => set('date', v)}
            error={dateError || undefined}
          />
          <Select
            label="Requested Time"
            description="8:30 AM to 4:00 PM"
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

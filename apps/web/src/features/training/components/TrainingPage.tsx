import { Group, Select, Tabs } from '@mantine/core';
import { type ClassFilter, classMatchesFilter, TRAINING_MESSAGES as M, slugify, TRAINING } from '@portico/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { PageTitle } from '../../../ui/PageTitle';
import { Spinner } from '../../../ui/Spinner';
import { useUrlTab } from '../../settings/index';
import {
  futureClassesQuery,
  useClasses,
  useFiltered,
  useMyAttendees,
  useMyRequests,
  useSubjects,
  useTopics,
} from '../hooks/useTrainingData';
import { ClassListTable } from './ClassListTable';
import { MyClassesTable } from './MyClassesTable';
import { MyRequestsTable } from './MyRequestsTable';
import { RequestCourseForm } from './RequestCourseForm';
import { TrainingCalendar } from './TrainingCalendar';

const TABS: string[] = [...TRAINING.tabs];
const [CALENDAR, CLASS_LIST, MY_CLASSES, REQUEST, MY_REQUESTS] = TABS;

function Loading() {
  return (
    <Group justify="center" py="xl">
      <Spinner label="Loading" />
    </Group>
  );
}

/** A tab's list: the loader, the error panel or the list. */
function Section<T>({
  query,
  children,
}: {
  query: { data?: T; isLoading: boolean; error: Error | null };
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) return <Loading />;
  if (query.error || query.data === undefined) return <ErrorPanel title={M.loadError} message={query.error?.message ?? M.genericError} />;
  return <>{children(query.data)}</>;
}

function ClassListTab({ filter }: { filter: ClassFilter }) {
  const query = useMemo(() => futureClassesQuery(), []);
  const classes = useClasses(query);
  const filtered = useFiltered(classes.data, filter);
  return <Section query={classes}>{() => <ClassListTable classes={filtered} />}</Section>;
}

function MyClassesTab({ filter }: { filter: ClassFilter }) {
  const attendees = useMyAttendees();
  return (
    <Section query={attendees}>
      {(rows) => <MyClassesTable attendees={rows.filter((a) => classMatchesFilter(a.trainingClass, filter))} />}
    </Section>
  );
}

function MyRequestsTab() {
  const requests = useMyRequests();
  return <Section query={requests}>{(rows) => <MyRequestsTable requests={rows} />}</Section>;
}

/** /training and /training/{urlTab}: the five tabs under the subject and topic filters (seed 002 section 2). */
export function TrainingPage() {
  const [active, selectTab] = useUrlTab('training', TABS);
  const subjects = useSubjects();
  const topics = useTopics();
  const [filter, setFilter] = useState<ClassFilter>({ subjectId: null, topicId: null });
  const topicOptions = (topics.data ?? []).filter((t) => filter.subjectId === null || t.trainingSubjectId === filter.subjectId);

  return (
    <>
      <PageTitle title="Training" />
      <Group mb="md" align="flex-end">
        <Select
          label="Filter by Subject"
          placeholder="All subjects"
          clearable
          data={(subjects.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={filter.subjectId === null ? null : String(filter.subjectId)}
          onChange={(v) => setFilter({ subjectId: v ? Number(v) : null, topicId: null })}
        />
        <Select
          label="Filter by Topic"
          placeholder="All topics"
          clearable
          searchable
          data={topicOptions.map((t) => ({ value: String(t.id), label: t.name }))}
          value={filter.topicId === null ? null : String(filter.topicId)}
          onChange={(v) => setFilter((f) => ({ ...f, topicId: v ? Number(v) : null }))}
        />
      </Group>
      <Tabs
        value={slugify(active)}
        onChange={(slug) => slug && slug !== slugify(active) && selectTab(TABS.find((t) => slugify(t) === slug) ?? active)}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={slugify(tab)}>
              {tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={slugify(CALENDAR)}>
          <TrainingCalendar filter={filter} />
        </Tabs.Panel>
        <Tabs.Panel value={slugify(CLASS_LIST)}>
          <ClassListTab filter={filter} />
        </Tabs.Panel>
        <Tabs.Panel value={slugify(MY_CLASSES)}>
          <MyClassesTab filter={filter} />
        </Tabs.Panel>
        <Tabs.Panel value={slugify(REQUEST)}>
          <RequestCourseForm onCreated={() => selectTab(MY_REQUESTS)} />
        </Tabs.Panel>
        <Tabs.Panel value={slugify(MY_REQUESTS)}>
          <MyRequestsTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

import { Anchor, Avatar, Button, Group, Image, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  buildIcs,
  directionsUrl,
  hasDirections,
  initialsOf,
  isVirtualClass,
  TRAINING_MESSAGES as M,
  type TrainingClass,
} from '@portico/shared';
import { IconArrowLeft, IconCalendarPlus, IconMapPin } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { saveFile } from '../../../core/download';
import { useMember } from '../../../core/member';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { PageTitle } from '../../../ui/PageTitle';
import { Spinner } from '../../../ui/Spinner';
import { useClassTimes } from '../format';
import { useClass } from '../hooks/useTrainingData';
import { LocationMap } from './LocationMap';
import { RegisterButton } from './RegisterButton';
import { TopicCard } from './TopicCard';

/** Add to Calendar: a real .ics file of the class, downloaded by the browser. */
function downloadIcs(cls: TrainingClass) {
  const ics = buildIcs({
    uid: `training-class-${cls.id}@${window.location.host}`,
    title: cls.className,
    start: cls.startTime,
    end: cls.endTime,
    location: cls.location ? `${cls.location.name}, ${cls.location.address}` : cls.presentationType,
    description: `${M.presentedBy} ${cls.instructor.name}`,
    url: `${window.location.origin}/training/registration/${cls.id}`,
  });
  saveFile(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), `${cls.className.replace(/[^\w-]+/g, '-')}.ics`);
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={700}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function ClassDetail({ cls }: { cls: TrainingClass }) {
  const isVirtual = isVirtualClass(cls);
  const times = useClassTimes();
  // Association and MLS staff mark attendance on the class's roster (issue 31).
  const isStaff = useMember().viewer.level >= 4;
  return (
    <>
      <PageTitle title={cls.className}>
        {isStaff && (
          <Anchor component={Link} to={`/training/roster/${cls.id}`} size="sm" underline="always">
            Roster and attendance
          </Anchor>
        )}
        <Anchor component={Link} to="/training/class-list" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Back to Training
          </Group>
        </Anchor>
      </PageTitle>
      <Group align="center" gap="md" mb="md">
        <Avatar
          src={cls.instructor.photoURL}
          alt={cls.instructor.name}
          size="lg"
          radius="xl"
          color={cls.instructor.color ?? 'blue'}
          variant="filled"
        >
          {initialsOf(cls.instructor.name)}
        </Avatar>
        <Stack gap={0}>
          <Text size="sm">{M.presentedBy}</Text>
          <Text fw={700}>{cls.instructor.name}</Text>
        </Stack>
        <Group ml="auto" gap="sm">
          {hasDirections(cls) && cls.location && (
            <Button
              component="a"
              href={directionsUrl(cls.location.address)}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              leftSection={<IconMapPin size={16} aria-hidden />}
            >
              Directions
            </Button>
          )}
          <Button variant="default" leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => downloadIcs(cls)}>
            Add to Calendar
          </Button>
          <RegisterButton cls={cls} size="sm" />
        </Group>
      </Group>
      {cls.imageURL && <Image src={cls.imageURL} alt={cls.className} radius="md" mah={240} fit="cover" mb="md" />}
      <Tabs defaultValue="details" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">Class Details</Tabs.Tab>
          {!isVirtual && cls.location && <Tabs.Tab value="location">Location</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="details">
          <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
            <Detail label="Presenter">{cls.instructor.name}</Detail>
            <Detail label="Location">{cls.location ? `${cls.location.name}, ${cls.location.address}` : cls.presentationType}</Detail>
            <Detail label="Start Date">{times.dateTime(cls.startTime)}</Detail>
            <Detail label="End Date">{times.dateTime(cls.endTime)}</Detail>
            <Detail label="Seats Available">
              {cls.seatsAvailable} of {cls.capacity}
            </Detail>
            {cls.aor && <Detail label="Association">{cls.aor.name}</Detail>}
          </SimpleGrid>
          {cls.instructor.notes && <Detail label="Instructor Notes">{cls.instructor.notes}</Detail>}
          <Title order={2} size="h4" mt="lg" mb="sm">
            Topics
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {cls.trainingTopics.map(({ trainingTopic }) => (
              <TopicCard key={trainingTopic.id} topic={trainingTopic} />
            ))}
          </SimpleGrid>
        </Tabs.Panel>
        {!isVirtual && cls.location && (
          <Tabs.Panel value="location">
            <Stack gap="xs">
              <Text fw={700}>{cls.location.name}</Text>
              <Text size="sm">{cls.location.address}</Text>
              <LocationMap location={cls.location} />
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}

/** /training/registration/{eventId}: the class detail and registration page. */
export function ClassDetailPage() {
  const id = Number(useParams().eventId);
  const query = useClass(Number.isInteger(id) && id > 0 ? id : 0);
  if (!(Number.isInteger(id) && id > 0) || (query.error && 'status' in query.error && query.error.status === 404)) {
    return (
      <>
        <PageTitle title="Training" />
        <EmptyState text={M.noClassFound} />
      </>
    );
  }
  if (query.isLoading) {
    return (
      <Group justify="center" py="xl">
        <Spinner label="Loading class" />
      </Group>
    );
  }
  if (query.error) return <ErrorPanel title={M.loadClassError} message={query.error.message} />;
  if (!query.data) return <EmptyState text={M.noClassFound} />;
  return <ClassDetail cls={query.data} />;
}

import { Badge, Button, Card, Drawer, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CASE_STATUSES,
  CASES_MESSAGES,
  type CaseStatus,
  CHAT_WORK_ITEM_DEFINITION_ID,
  CITATIONS_PATH,
  canManageCitations,
  type FormDefinitionView,
  formatDateTimeSlash,
  INSIGHT_DETAIL_WIDTH,
  TOAST_ERROR_MS,
  TOAST_SUCCESS_MS,
} from '@portico/shared';
import { Link } from 'react-router';
import { ApiError } from '../../core/api';
import { useMember } from '../../core/member';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { ChatThreadView } from '../support/index';
import { useCaseForm, useCaseStatus } from './api';
import { FieldValue } from './FieldValue';
import { StatusBadge } from './StatusBadge';

/** Staff who work the case set its status (a resolved chat ends). */
function StatusPicker({ id, status }: { id: number; status: CaseStatus }) {
  const update = useCaseStatus(id);
  return (
    <Select
      label="Status"
      data={[...CASE_STATUSES]}
      value={status}
      allowDeselect={false}
      disabled={update.isPending}
      w={220}
      onChange={(next) =>
        next &&
        update.mutate(next as CaseStatus, {
          onSuccess: () =>
            notifications.show({ color: 'teal', title: 'Success', message: CASES_MESSAGES.statusUpdated, autoClose: TOAST_SUCCESS_MS }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Error',
              message: `${CASES_MESSAGES.statusFailed} ${error instanceof ApiError ? error.message : ''}`.trim(),
              autoClose: TOAST_ERROR_MS,
            }),
        })
      }
    />
  );
}

function Form({ form }: { form: FormDefinitionView }) {
  const { viewer } = useMember();
  const item = form.workItem;
  const isContact = item.expandedFields.ContactName.expandedValue?.loginId.toLowerCase() === viewer.loginId.toLowerCase();
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Title order={2} size="h3">
          {item.itemShortCode}: {item.title}
        </Title>
        <StatusBadge status={item.status} />
        <Badge variant="outline" color="gray">
          {form.name}
        </Badge>
      </Group>
      <Text size="sm">
        Created {formatDateTimeSlash(item.createdOn)} by {item.createdBy}
      </Text>
      {form.canAnswer && <StatusPicker id={item.id} status={item.status} />}
      {canManageCitations(viewer) && (
        // Cite the case's member under a rule of the rule book (issue 30 section 2): the form opens filled from the case.
        <Group>
          <Button
            component={Link}
            variant="default"
            to={`${CITATIONS_PATH}/new?${new URLSearchParams({
              source: 'case',
              caseId: String(item.id),
              loginId: item.expandedFields.ContactName.expandedValue?.loginId ?? '',
              listingId: String(form.categories.flatMap((c) => c.fields).find((f) => f.key === 'ListingId')?.value ?? ''),
            })}`}
          >
            Cite member
          </Button>
        </Group>
      )}
      {form.categories.map((category) => (
        <Card key={category.name} withBorder padding="md">
          <Title order={3} size="h5" mb="sm">
            {category.name}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" m={0}>
            {category.fields.map((field) => (
              <div key={field.key}>
                <Text component="dt" size="xs" fw={700} tt="uppercase">
                  {field.label}
                </Text>
                <Text component="dd" m={0} size="sm" data-field-type={field.fieldType}>
                  <FieldValue field={field} />
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Card>
      ))}
      {form.workItemDefinitionId === CHAT_WORK_ITEM_DEFINITION_ID && (
        <Card withBorder padding="md">
          <Title order={3} size="h5" mb="sm">
            Conversation
          </Title>
          <ChatThreadView id={item.id} canWrite={form.canAnswer || isContact} asMember={isContact} height={420} />
        </Card>
      )}
    </Stack>
  );
}

/** The Insight Detail slide-over (85% wide): the case's form, by category, and a chat's conversation. */
export function InsightDetail({ insightId, onClose }: { insightId: number | null; onClose: () => void }) {
  const form = useCaseForm(insightId);
  return (
    <Drawer
      opened={insightId !== null}
      onClose={onClose}
      position="right"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size={INSIGHT_DETAIL_WIDTH}
      title={
        <Title order={2} size="h4">
          {CASES_MESSAGES.detailTitle}
        </Title>
      }
    >
      {form.isLoading && <Spinner label="Loading the case" />}
      {form.error && <ErrorPanel title={CASES_MESSAGES.detailError} message={form.error.message} />}
      {form.data && <Form form={form.data} />}
    </Drawer>
  );
}

import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { REQUIREMENT_MESSAGES as M, type Requirement, type Viewer } from '@portico/shared';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { TableStatus } from '../../ui/TableStatus';
import { useAssociations } from '../settings/index';
import { useRequirements } from './api';
import { REQUIREMENTS_PATH } from './form';
import { enforcementText, periodText, whoText } from './format';
import { RequirementForm } from './RequirementForm';

/** An association's name as the viewer can read it: MLS staff read every association, association staff their own. */
export function useAorName(viewer: Viewer): (id: number) => string {
  const associations = useAssociations(viewer.level === 5);
  const names = new Map((associations.data ?? []).map((a) => [a.id, a.shortName]));
  return (id) => names.get(id) ?? (id === viewer.aorId && viewer.aorShortName ? viewer.aorShortName : `Association ${id}`);
}

/**
 * The AOR Center's Required training tab (issue 31, decision 1110): the requirements in the staff member's scope; a new
 * one at `/admin/required-training/new`, one to change or remove at `/admin/required-training/{id}`.
 */
export function RequirementsPanel({ id, viewer }: { id: string | undefined; viewer: Viewer }) {
  const list = useRequirements();
  if (list.error) return <ErrorPanel title={M.loadFailed} message={list.error.message} />;
  if (id === 'new') return <RequirementForm requirement={null} viewer={viewer} />;
  const open = id && /^\d+$/.test(id) ? list.data?.find((r) => r.id === Number(id)) : undefined;
  if (open) return <RequirementForm key={open.id} requirement={open} viewer={viewer} />;
  return <RequirementList requirements={list.data} isLoading={list.isLoading} viewer={viewer} />;
}

function RequirementList({
  requirements = [],
  isLoading,
  viewer,
}: {
  requirements: Requirement[] | undefined;
  isLoading: boolean;
  viewer: Viewer;
}) {
  const aorName = useAorName(viewer);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {M.title}
        </Title>
        <Button component={Link} to={`${REQUIREMENTS_PATH}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
          {M.newRequirement}
        </Button>
      </Group>
      <Text size="sm">{M.editorIntro}</Text>
      <Group gap="md">
        <Anchor component={Link} to="/requirements/import" size="sm" underline="always">
          Import outside completions and export for NAR
        </Anchor>
        <Anchor component={Link} to="/requirements/certificates" size="sm" underline="always">
          Outside certificates to review
        </Anchor>
      </Group>
      <Table.ScrollContainer minWidth={320}>
        <Table striped highlightOnHover aria-label="Training requirements" data-testid="requirements-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Requirement</Table.Th>
              <Table.Th>Hours</Table.Th>
              <Table.Th visibleFrom="sm">Period</Table.Th>
              <Table.Th visibleFrom="md">Who</Table.Th>
              <Table.Th visibleFrom="md">Overdue members lose</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requirements.map((r) => (
              <Table.Tr key={r.id} data-requirement={r.name}>
                <Table.Td>
                  <Anchor component={Link} to={`${REQUIREMENTS_PATH}/${r.id}`}>
                    {r.name}
                  </Anchor>
                  {r.aorId === null && viewer.level !== 5 && (
                    <Badge ml="xs" size="sm" variant="light" color="gray.8">
                      MLS
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{r.hours}</Table.Td>
                <Table.Td visibleFrom="sm">{periodText(r.period)}</Table.Td>
                <Table.Td visibleFrom="md">{whoText(r, aorName)}</Table.Td>
                <Table.Td visibleFrom="md">{enforcementText(r.enforcement)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TableStatus isLoading={isLoading} isEmpty={requirements.length === 0} loadingText={M.loading} emptyText={M.empty} />
    </Stack>
  );
}

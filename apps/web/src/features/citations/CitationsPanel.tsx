import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { CITATIONS_PATH, type CitationListQuery, CITATION_MESSAGES as M } from '@portico/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { useCitations } from './api';
import { CitationDetail } from './CitationDetail';
import { CitationForm } from './CitationForm';
import { CitationList } from './CitationList';

/** The AOR Center's Citations tab (issue 30 section 2, decision 1100): list, new citation, one citation. */
export function CitationsPanel({ id }: { id: string | undefined }) {
  if (id === 'new') return <CitationForm />;
  if (id && /^\d+$/.test(id)) return <CitationDetail id={Number(id)} />;
  return <StaffList />;
}

function StaffList() {
  const [query, setQuery] = useState<CitationListQuery>({ pageId: 1, pageSize: 25 });
  const list = useCitations(query, false);
  if (list.error) return <ErrorPanel title={M.title} message={list.error.message} />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {M.title}
        </Title>
        <Button component={Link} to={`${CITATIONS_PATH}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
          New citation
        </Button>
      </Group>
      <Text size="sm">{M.intro}</Text>
      <CitationList
        page={list.data}
        isLoading={list.isLoading}
        basePath={CITATIONS_PATH}
        query={query}
        onQuery={setQuery}
        emptyText={M.empty}
        showFilters
      />
    </Stack>
  );
}

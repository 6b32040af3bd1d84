import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { type CitationListQuery, CITATION_MESSAGES as M, MY_CITATIONS_PATH } from '@portico/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { useCitations } from './api';
import { CitationDetail } from './CitationDetail';
import { CitationList } from './CitationList';

/** My citations (issue 30 section 3): every member's own; a broker also reads their offices' (read only). */
export function MyCitationsPage() {
  const { id } = useParams();
  const [query, setQuery] = useState<CitationListQuery>({ pageId: 1, pageSize: 25 });
  const list = useCitations(query, true);
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {M.myTitle}
        </Title>
        {id && /^\d+$/.test(id) ? (
          <>
            <Anchor component={Link} to={MY_CITATIONS_PATH} size="sm">
              All my citations
            </Anchor>
            <CitationDetail id={Number(id)} />
          </>
        ) : list.error ? (
          <ErrorPanel title={M.myTitle} message={list.error.message} />
        ) : (
          <>
            <Text size="sm">{M.myIntro}</Text>
            <CitationList
              page={list.data}
              isLoading={list.isLoading}
              basePath={MY_CITATIONS_PATH}
              query={query}
              onQuery={setQuery}
              emptyText={M.myEmpty}
              showFilters={false}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}

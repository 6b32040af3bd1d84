import { Button, Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { CONTENT_MESSAGES, defaultArticleCategory } from '@portico/shared';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMember } from '../../core/member';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { ArticleCard } from './ArticleCard';
import { useArticleCategories, useArticleMarks, useArticleSearch } from './hooks';

/** /articles?cat={categoryId}: search (server side), category, Favorites, the grid of cards. */
export function ArticlesPage() {
  const { viewer } = useMember();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState('');
  const [onlyFavorites, setOnlyFavorites] = useState(false);
  const search = useArticleSearch(text);
  const categories = useArticleCategories();
  const marks = useArticleMarks();
  const category = params.get('cat') ?? String(defaultArticleCategory(viewer));

  const shown = useMemo(
    () =>
      (search.data ?? []).filter(
        (a) => (category === 'all' || String(a.articleCategoryId) === category) && (!onlyFavorites || marks.favorites.has(a.id)),
      ),
    [search.data, category, onlyFavorites, marks.favorites],
  );

  const setCategory = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('cat', value ?? 'all');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageTitle title={CONTENT_MESSAGES.articlesTitle}>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => navigate(-1)}>
          {CONTENT_MESSAGES.goBack}
        </Button>
      </PageTitle>
      <Group align="flex-end" mb="lg" wrap="wrap">
        <TextInput
          label={CONTENT_MESSAGES.searchArticles}
          placeholder="Search"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isSearching ? <Spinner size={14} label="Searching" /> : null}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
        />
        <Select
          label="Category"
          data={[
            { value: 'all', label: CONTENT_MESSAGES.allCategories },
            ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          value={category}
          onChange={setCategory}
          allowDeselect={false}
          style={{ flex: '0 1 220px' }}
        />
        <Switch
          label={CONTENT_MESSAGES.favorites}
          checked={onlyFavorites}
          onChange={(e) => setOnlyFavorites(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {search.error ? (
        <ErrorPanel title={CONTENT_MESSAGES.requestProblem} message={search.error.message} />
      ) : search.isPending ? (
        <EmptyState text="Loading results..." />
      ) : shown.length === 0 ? (
        <EmptyState text={onlyFavorites ? CONTENT_MESSAGES.noFavoriteArticlesFound : CONTENT_MESSAGES.noArticlesFound} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="article-grid">
          {shown.map((a) => (
            <ArticleCard
              key={a.id}
              article={a}
              isFavorite={marks.favorites.has(a.id)}
              isRead={marks.read.has(a.id)}
              onToggleFavorite={() => marks.toggleFavorite(a.id)}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

import { ActionIcon, Button, Group, Select, TextInput } from '@mantine/core';
import {
  ADMIN_ARTICLES_PAGE_SIZES,
  ADMIN_PAGE_SIZE_KEY,
  type ArticleSummary,
  adminArticlesPageSize,
  ARTICLE_ADMIN_MESSAGES as M,
} from '@portico/shared';
import { IconPlus, IconRefresh, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminPanelProps } from '../../../core/admin-panel';
import { useSaveProfileBag } from '../../../core/member';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { Pager } from '../../../ui/inbox/Pager';
import { ArticleDrawer } from './ArticleDrawer';
import { ArticlesGrid } from './ArticlesGrid';
import { DeleteArticle } from './DeleteArticle';
import { type GridState, useAdminArticles } from './hooks';

const BASE = '/admin/articles';

/** The Articles tab of the Broker Center / AOR Center (seed 002 section 2). `id`: an article to open, or 'new'. */
export function ArticlesPanel({ context, id }: AdminPanelProps) {
  const navigate = useNavigate();
  const saveProfile = useSaveProfileBag();
  // The admin profile's article criteria (`GET api/app/AdminProfile`); the server applies the same scope itself.
  const hasCriteria = !!context.admin.criteria.articles;
  const pageSize = adminArticlesPageSize(context.profile.profileBag, context.admin.pageSize);
  const [grid, setGrid] = useState<Omit<GridState, 'pageSize'>>({ text: '', pageId: 1, sort: { field: 'createdOn', direction: 'desc' } });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<ArticleSummary | null>(null);
  const list = useAdminArticles({ ...grid, pageSize }, hasCriteria);

  if (!hasCriteria) return <EmptyState text={M.noArticlesCriteria} />;

  const open = (articleId: number | 'new', edit: boolean) => {
    setEditing(edit);
    navigate(`${BASE}/${articleId}`);
  };
  const close = () => {
    setEditing(false);
    navigate(BASE);
  };
  const sortBy = (field: string) =>
    setGrid((g) => ({
      ...g,
      pageId: 1,
      sort: { field, direction: g.sort.field === field && g.sort.direction === 'asc' ? 'desc' : 'asc' },
    }));
  const rows = list.data?.results ?? [];

  return (
    <>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <TextInput
          aria-label={M.searchByTitle}
          placeholder={M.searchByTitle}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={grid.text}
          onChange={(e) => {
            // Read now: React may run the updater after the event, when currentTarget is null again.
            const text = e.currentTarget.value;
            setGrid((g) => ({ ...g, text, pageId: 1 }));
          }}
          rightSection={
            grid.text ? (
              <ActionIcon variant="subtle" aria-label="Clear search" onClick={() => setGrid((g) => ({ ...g, text: '', pageId: 1 }))}>
                <IconX size={16} aria-hidden />
              </ActionIcon>
            ) : undefined
          }
          w={{ base: '100%', sm: 320 }}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => list.refetch()}
            loading={list.isFetching}
          >
            Refresh
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open('new', true)}>
            {M.newArticle}
          </Button>
        </Group>
      </Group>
      {list.error ? (
        <ErrorPanel title={M.loadFailed} message={list.error.message} />
      ) : (
        <ArticlesGrid
          rows={rows}
          isLoading={list.isLoading}
          sort={grid.sort}
          onSort={sortBy}
          onOpen={(row) => open(row.id, false)}
          onEdit={(row) => open(row.id, true)}
          onDelete={setDeleting}
        />
      )}
      <Group justify="space-between" mt="md" wrap="wrap">
        <Pager
          page={grid.pageId}
          pageCount={list.data?.totalPages ?? 0}
          onChange={(pageId) => setGrid((g) => ({ ...g, pageId }))}
          label="Article pages"
        />
        <Select
          label={M.pageSize}
          size="xs"
          w={150}
          data={ADMIN_ARTICLES_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={(value) => {
            setGrid((g) => ({ ...g, pageId: 1 }));
            saveProfile.mutate({ [ADMIN_PAGE_SIZE_KEY]: Number(value) });
          }}
        />
      </Group>
      <ArticleDrawer
        id={id}
        viewer={context.viewer}
        editing={editing || id === 'new'}
        onEdit={() => setEditing(true)}
        onCancelEdit={() => (id === 'new' ? close() : setEditing(false))}
        onSaved={(articleId) => {
          setEditing(false);
          navigate(`${BASE}/${articleId}`);
        }}
        onDelete={(article) => setDeleting(article)}
        onClose={close}
      />
      <DeleteArticle
        article={deleting}
        onDone={(wasDeleted) => {
          if (wasDeleted && deleting && id === String(deleting.id)) close();
          setDeleting(null);
        }}
      />
    </>
  );
}

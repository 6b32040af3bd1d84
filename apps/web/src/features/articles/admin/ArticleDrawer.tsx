import { Drawer } from '@mantine/core';
import { type Article, ARTICLE_ADMIN_MESSAGES as M, type Viewer } from '@portico/shared';
import { lazy, Suspense } from 'react';
import { ErrorPanel } from '../../../ui/ErrorPanel';
import { LoadingBlock } from '../../../ui/LoadingBlock';
import { ArticleDetail } from './ArticleDetail';
import { useAdminArticle } from './hooks';

// The form carries the rich-text editor (the larger part of the tab's code): loaded when first opened.
const ArticleForm = lazy(() => import('./ArticleForm').then((m) => ({ default: m.ArticleForm })));
const loading = <LoadingBlock label="Loading the article" />;

interface Props {
  /** From the URL: an article id, 'new', or nothing (closed). */
  id: string | undefined;
  viewer: Viewer;
  editing: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSaved: (id: number) => void;
  onDelete: (article: Article) => void;
  onClose: () => void;
}

/** The slide-over: "Article Detail", or the form "Edit Article" / "Create New Article". */
export function ArticleDrawer({ id, viewer, editing, onEdit, onCancelEdit, onSaved, onDelete, onClose }: Props) {
  const isNew = id === 'new';
  const articleId = id && /^\d+$/.test(id) ? Number(id) : null;
  const article = useAdminArticle(articleId);
  const title = isNew ? M.createTitle : editing ? M.editTitle : M.detailTitle;
  let body: React.ReactNode = null;
  if (isNew) body = <ArticleForm viewer={viewer} article={null} onSaved={onSaved} onCancel={onCancelEdit} />;
  else if (article.error) body = <ErrorPanel title={M.loadFailed} message={article.error.message} />;
  else if (!article.data) body = loading;
  else if (editing) body = <ArticleForm viewer={viewer} article={article.data} onSaved={onSaved} onCancel={onCancelEdit} />;
  else body = <ArticleDetail article={article.data} onEdit={onEdit} onDelete={() => onDelete(article.data as Article)} />;
  return (
    <Drawer
      opened={!!id && (isNew || !!articleId)}
      onClose={onClose}
      position="right"
      size="xl"
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Suspense fallback={loading}>{body}</Suspense>
    </Drawer>
  );
}

import { Anchor, Avatar, Button, Group, Image, Stack, Text } from '@mantine/core';
import { CONTENT_MESSAGES } from '@portico/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../core/api';
import { NotFoundPage } from '../../core/pages/NotFoundPage';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { renumberHeadings } from '../../ui/inbox/heading-levels';
import { SafeHtml } from '../../ui/inbox/SafeHtml';
import { SUBTLE_TEXT } from '../../ui/inbox/subtle-text';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { PageTitle } from '../../ui/PageTitle';
import { ArticleAd } from './ArticleAd';
import { FavoriteButton } from './FavoriteButton';
import { useArticle, useArticleMarks } from './hooks';

/** /article/{articleId}: the reader. Reading adds the id to `articles.read`. */
export function ArticlePage() {
  const param = useParams().articleId ?? '';
  // Only a whole number names an article; anything else (/article/abc) is not found at once (decision 0954).
  const id = /^\d{1,9}$/.test(param) ? Number(param) : 0;
  const navigate = useNavigate();
  const article = useArticle(id);
  const marks = useArticleMarks();
  const loadedId = article.data?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per article read
  useEffect(() => {
    if (loadedId) marks.markRead(loadedId);
  }, [loadedId]);

  const goBack = (
    <Button
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/articles/'))}
    >
      {CONTENT_MESSAGES.goBack}
    </Button>
  );
  if (id === 0 || (article.error instanceof ApiError && article.error.status === 404)) return <NotFoundPage />;
  if (article.error)
    return (
      <ErrorPanel title={CONTENT_MESSAGES.requestProblem} message={article.error.message}>
        {goBack}
      </ErrorPanel>
    );
  if (!article.data) return <LoadingBlock label={CONTENT_MESSAGES.loadingArticle} />;
  const a = article.data;
  return (
    <Stack gap="md" maw={860} mx="auto" component="article">
      <PageTitle title={a.title}>{goBack}</PageTitle>
      {a.imageUrl && <Image src={a.imageUrl} alt="" radius="md" mah={340} fit="cover" />}
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Avatar src={a.authorPhotoUrl} alt={a.author.displayName} radius="xl" />
          <div>
            <Text fw={600}>{a.byline}</Text>
            <Text size="sm" c={SUBTLE_TEXT}>
              Published {dayjs(a.publishOn).format('MMM D, YYYY')} in{' '}
              <Anchor component={Link} to={`/articles?cat=${a.articleCategoryId}`} underline="always">
                {a.articleCategory.name}
              </Anchor>
            </Text>
          </div>
        </Group>
        <FavoriteButton isFavorite={marks.favorites.has(a.id)} title={a.title} onToggle={() => marks.toggleFavorite(a.id)} />
      </Group>
      <SafeHtml html={renumberHeadings(a.renderedContent)} testId="article-content" />
      <ArticleAd impressions={a.impressions} />
    </Stack>
  );
}

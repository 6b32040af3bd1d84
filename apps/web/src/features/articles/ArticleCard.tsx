import { Anchor, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import type { ArticleSummary } from '@portico/shared';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { SUBTLE_TEXT } from '../../ui/inbox/subtle-text';
import { FavoriteButton } from './FavoriteButton';

export function ArticleCard({
  article,
  isFavorite,
  isRead,
  onToggleFavorite,
}: {
  article: ArticleSummary;
  isFavorite: boolean;
  isRead: boolean;
  onToggleFavorite: () => void;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="article" data-testid="article-card">
      {article.imageUrl && (
        <Card.Section>
          <Image src={article.imageUrl} alt="" h={150} fit="cover" />
        </Card.Section>
      )}
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={`/article/${article.id}`} fw={700} c="var(--mantine-color-text)">
            {article.title}
          </Anchor>
          <FavoriteButton isFavorite={isFavorite} title={article.title} onToggle={onToggleFavorite} />
        </Group>
        <Text size="sm" c={SUBTLE_TEXT} lineClamp={3}>
          {article.summary}
        </Text>
        <Group gap="xs" mt="auto">
          <Badge variant="outline">{article.articleCategory.name}</Badge>
          <Text size="xs" c={SUBTLE_TEXT}>
            {dayjs(article.publishOn).format('MMM D, YYYY')}
          </Text>
          {isRead && (
            <Badge variant="outline" color="gray" size="sm">
              Read
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

import { Badge, Button, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Article, formatAdminDate, formatAdminDateTime } from '@portico/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SafeHtml } from '../../../ui/inbox/SafeHtml';
import { ExpiryBadge } from './ExpiryBadge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </div>
  );
}

/** "Article Detail": what the article says and when it shows, with Edit and Delete. */
export function ArticleDetail({ article, onEdit, onDelete }: { article: Article; onEdit: () => void; onDelete: () => void }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={3}>{article.title}</Title>
          {article.byline && <Text size="sm">{article.byline}</Text>}
        </div>
        <Badge variant="outline">{article.status}</Badge>
      </Group>
      <Group gap="xs">
        <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          Edit
        </Button>
        <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          Delete
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Category">{article.articleCategory.name}</Fact>
        <Fact label="Created">
          {formatAdminDate(article.createdOn)} by {article.createdByName}
        </Fact>
        <Fact label="Publish On">{formatAdminDateTime(article.publishOn)}</Fact>
        <Fact label="Expires On">
          <ExpiryBadge expiresOn={article.expiresOn} />
        </Fact>
        <Fact label="Promote On">{formatAdminDateTime(article.promoteOn)}</Fact>
        <Fact label="Promote End">{formatAdminDateTime(article.promoteEnd)}</Fact>
      </SimpleGrid>
      {article.imageUrl && <Image src={article.imageUrl} alt={`Carousel image of ${article.title}`} w={384} maw="100%" radius="sm" />}
      <SafeHtml html={article.content} testId="article-detail-content" />
    </Stack>
  );
}

import { ActionIcon, Anchor, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { ArticleSummary as PromotedArticle } from '@portico/shared';
import { CAROUSEL_ADVANCE_MS, DASHBOARD_MESSAGES } from '@portico/shared';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState';
import classes from './dashboard.module.css';

/**
 * Promoted articles, one slide at a time. Advances every 10 s; pauses while hovered or focused and when the
 * member pauses it; arrow keys, Home and End drive it when it has focus.
 */
export function PromotedCarousel({ articles }: { articles: PromotedArticle[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const count = articles.length;
  const paused = hovered || focused || stopped;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a manual move (index) restarts the 10 s wait
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [paused, count, index]);

  if (count === 0) return <EmptyState text={DASHBOARD_MESSAGES.noArticles} />;
  const current = articles[Math.min(index, count - 1)];
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const handleKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    }
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Promoted articles, one at a time"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={handleKeyDown}
      data-testid="promoted-carousel"
      data-paused={paused}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group with a role description */}
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${count}`}
        aria-live={paused ? 'polite' : 'off'}
        className={classes.slide}
      >
        {current.imageUrl ? <Image src={current.imageUrl} alt="" radius="md" h={140} fit="cover" /> : <div />}
        <Stack gap={6}>
          {current.articleCategory?.name && (
            <Text size="xs" tt="uppercase" className={classes.muted} fw={600}>
              {current.articleCategory.name}
            </Text>
          )}
          <Title order={3} size="h4">
            <Anchor component={Link} to={`/article/${current.id}`}>
              {current.title}
            </Anchor>
          </Title>
          {current.summary && (
            <Text size="sm" lineClamp={3}>
              {current.summary}
            </Text>
          )}
          {current.byline && (
            <Text size="xs" className={classes.muted}>
              {current.byline}
            </Text>
          )}
        </Stack>
      </div>
      {count > 1 && (
        <Group justify="center" gap="xs" mt="sm">
          <ActionIcon variant="subtle" aria-label="Previous article" onClick={() => go(index - 1)}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Group gap={4} role="group" aria-label="Choose an article">
            {articles.map((a, i) => (
              <button
                key={a.id}
                type="button"
                aria-label={`Article ${i + 1}: ${a.title}`}
                aria-current={i === index}
                onClick={() => go(i)}
                style={{
                  width: 24,
                  height: 24,
                  padding: 0,
                  border: 0,
                  background: 'none',
                  cursor: 'pointer',
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                <span
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    display: 'block',
                    background: i === index ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-5)',
                  }}
                />
              </button>
            ))}
          </Group>
          <ActionIcon variant="subtle" aria-label="Next article" onClick={() => go(index + 1)}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label={stopped ? 'Resume rotation' : 'Pause rotation'} onClick={() => setStopped((s) => !s)}>
            {stopped ? <IconPlayerPlay size={18} aria-hidden /> : <IconPlayerPause size={18} aria-hidden />}
          </ActionIcon>
        </Group>
      )}
    </section>
  );
}

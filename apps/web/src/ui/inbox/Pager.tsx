import { Button, Group, Text } from '@mantine/core';
import { pageLinks } from '@portico/shared';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { SUBTLE_TEXT } from './subtle-text';

/** Page links: 5 around the current page and 2 at each end (seed 000 section 9). */
export function Pager({
  page,
  pageCount,
  onChange,
  label,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label}>
      <Group gap={4} justify="center" wrap="wrap">
        <Button variant="subtle" size="compact-sm" onClick={() => onChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
          <IconChevronLeft size={16} aria-hidden />
        </Button>
        {pageLinks(page, pageCount).map((link, i, all) =>
          link === 'gap' ? (
            <Text key={`gap-after-${all[i - 1]}`} size="sm" c={SUBTLE_TEXT} aria-hidden>
              …
            </Text>
          ) : (
            <Button
              key={link}
              size="compact-sm"
              variant={link === page ? 'filled' : 'subtle'}
              onClick={() => onChange(link)}
              aria-label={`Page ${link}`}
              aria-current={link === page ? 'page' : undefined}
            >
              {link}
            </Button>
          ),
        )}
        <Button variant="subtle" size="compact-sm" onClick={() => onChange(page + 1)} disabled={page >= pageCount} aria-label="Next page">
          <IconChevronRight size={16} aria-hidden />
        </Button>
      </Group>
    </nav>
  );
}

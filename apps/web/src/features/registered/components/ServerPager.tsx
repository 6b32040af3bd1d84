import { Button, Group, NumberInput, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  DEBOUNCE_JUMP_TO_PAGE_MS,
  PAGINATION_MARGIN_PAGES,
  REGISTERED_MESSAGES,
  SERVER_PAGINATION_LINKS,
  SERVER_TABLE_PAGE_SIZES,
} from '@portico/shared';
import { useEffect, useState } from 'react';
import { jumpTarget, pagerItems } from './pager-items';

interface Props {
  pageId: number;
  totalPages: number;
  totalResults: number;
  pageSize: number;
  onPage: (pageId: number) => void;
  onPageSize: (size: number) => void;
}

/** Page links, a jump-to-page input (1 to the page count, 500 ms) and the page-size choices. */
export function ServerPager({ pageId, totalPages, totalResults, pageSize, onPage, onPageSize }: Props) {
  const [jump, setJump] = useState<string | number>('');
  const [debouncedJump] = useDebouncedValue(jump, DEBOUNCE_JUMP_TO_PAGE_MS);
  const target = jumpTarget(debouncedJump, totalPages);
  const jumpPage = target && 'page' in target ? target.page : null;
  useEffect(() => {
    if (jumpPage !== null) onPage(jumpPage);
  }, [jumpPage, onPage]);
  return (
    <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
      <nav aria-label="Pages">
        <Group gap={4} wrap="wrap">
          <Button variant="default" size="xs" disabled={pageId <= 1} onClick={() => onPage(pageId - 1)}>
            Previous
          </Button>
          {pagerItems(pageId, totalPages, SERVER_PAGINATION_LINKS, PAGINATION_MARGIN_PAGES).map((item, i, all) =>
            item === 'gap' ? (
              <Text key={`gap-after-${all[i - 1]}`} size="sm" aria-hidden>
                …
              </Text>
            ) : (
              <Button
                key={item}
                size="xs"
                variant={item === pageId ? 'filled' : 'default'}
                aria-current={item === pageId ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onPage(item)}
              >
                {item}
              </Button>
            ),
          )}
          <Button variant="default" size="xs" disabled={pageId >= totalPages} onClick={() => onPage(pageId + 1)}>
            Next
          </Button>
        </Group>
      </nav>
      <Group gap="sm" wrap="wrap">
        <Text size="sm">{totalResults === 1 ? '1 result' : `${totalResults} results`}</Text>
        <NumberInput
          label="Go to page"
          size="xs"
          w={110}
          min={1}
          max={Math.max(1, totalPages)}
          allowDecimal={false}
          allowNegative={false}
          value={jump}
          onChange={setJump}
          error={target && 'outOfRange' in target ? REGISTERED_MESSAGES.jumpOutOfRange(totalPages) : undefined}
        />
        <Select
          label="Page size"
          size="xs"
          w={100}
          allowDeselect={false}
          data={SERVER_TABLE_PAGE_SIZES.map((s) => ({ value: String(s), label: String(s) }))}
          value={String(pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
        />
      </Group>
    </Group>
  );
}

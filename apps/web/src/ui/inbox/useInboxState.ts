import { useDebouncedValue } from '@mantine/hooks';
import { byNewest, type InboxStatusFilter, matchesStatus, pageOf } from '@portico/shared';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface InboxItem {
  id: number;
  isRead: boolean;
  isArchived: boolean;
  createdOn: string;
  expiresOn?: string | null;
}

/**
 * The list state of an inbox: search (debounced), one filter, the status filter, the page, the checked
 * items and the open item (?id=). Filtering is memoised so 9,999 items stay instant; only one page renders.
 * `matchesSearch` and `matchesFilter` must be stable (module-level) functions.
 */
export function useInboxState<T extends InboxItem>(
  items: readonly T[],
  matchesSearch: (item: T, search: string) => boolean,
  matchesFilter: (item: T, filter: string) => boolean,
  debounceMs: number,
) {
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('id')) || null;
  const [search, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, debounceMs);
  const [filter, setFilterValue] = useState('all');
  const [status, setStatusValue] = useState<InboxStatusFilter>('All');
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());

  const sorted = useMemo(() => [...items].sort(byNewest), [items]);
  const filtered = useMemo(
    () => sorted.filter((i) => matchesStatus(i, status) && matchesFilter(i, filter) && matchesSearch(i, debouncedSearch)),
    [sorted, status, filter, debouncedSearch, matchesFilter, matchesSearch],
  );
  const current = pageOf(filtered, page);
  const checkedItems = useMemo(() => filtered.filter((i) => checked.has(i.id)), [filtered, checked]);
  const selected = useMemo(() => (selectedId ? (items.find((i) => i.id === selectedId) ?? null) : null), [items, selectedId]);

  const changed =
    <V>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
      setChecked(new Set());
    };
  const open = useCallback(
    (id: number | null) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set('id', String(id));
          else next.delete('id');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return {
    search,
    setSearch: changed(setSearchText),
    filter,
    setFilter: changed(setFilterValue),
    status,
    setStatus: changed(setStatusValue),
    reset: () => {
      setSearchText('');
      setFilterValue('all');
      setStatusValue('All');
      setPage(1);
      setChecked(new Set());
    },
    filtered,
    page: current,
    setPage,
    checked,
    checkedItems,
    check: (id: number, on: boolean) =>
      setChecked((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    checkAll: (on: boolean) => setChecked(on ? new Set(filtered.map((i) => i.id)) : new Set()),
    clearChecked: () => setChecked(new Set()),
    allChecked: filtered.length > 0 && checkedItems.length === filtered.length,
    selected,
    open,
  };
}

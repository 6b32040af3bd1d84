import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';

/** A debounced, cancellable type-ahead: asks only after `minChars`, once typing pauses for `ms`. */
export function useTypeahead<T>(
  key: string,
  text: string,
  ms: number,
  minChars: number,
  fetcher: (text: string, signal: AbortSignal) => Promise<T[]>,
) {
  const [debounced] = useDebouncedValue(text.trim(), ms);
  const enabled = debounced.length >= minChars;
  const query = useQuery({
    queryKey: ['registered', 'typeahead', key, debounced],
    enabled,
    queryFn: ({ signal }) => fetcher(debounced, signal),
    staleTime: 60_000,
    retry: false,
  });
  return { options: enabled ? (query.data ?? []) : [], isFetching: query.isFetching };
}

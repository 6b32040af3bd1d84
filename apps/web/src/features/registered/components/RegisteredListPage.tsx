import { Button, Group, Loader, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  canSendToMls,
  DEBOUNCE_FILTER_MS,
  REGISTERED_MESSAGES as M,
  mayRegisterListings,
  REGISTERED,
  REGISTERED_STATUSES,
  type RegisteredListRow,
} from '@portico/shared';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useMember } from '../../../core/member';
import { PageTitle } from '../../../ui/PageTitle';
import { useListingActions } from '../hooks/useListingActions';
import { type ListState, useRegisteredSearch } from '../hooks/useRegisteredSearch';
import { CancelListingModal, SendToMlsModal } from './ActionModals';
import { RegisteredTable } from './RegisteredTable';
import { ServerPager } from './ServerPager';

/** /registered: the member's registered listing agreements, searched, filtered, sorted and paged on the server. */
export function RegisteredListPage() {
  const { viewer } = useMember();
  const [text, setText] = useState('');
  const [state, setState] = useState<Omit<ListState, 'text'>>({
    pageId: 1,
    pageSize: REGISTERED.defaultPageSize,
    status: null,
    sort: null,
  });
  const [debouncedText] = useDebouncedValue(text, DEBOUNCE_FILTER_MS);
  const [lastText, setLastText] = useState(debouncedText);
  if (lastText !== debouncedText) {
    setLastText(debouncedText);
    setState((s) => ({ ...s, pageId: 1 }));
  }
  const search = useRegisteredSearch({ ...state, text: debouncedText });
  const actions = useListingActions();
  const [sending, setSending] = useState<RegisteredListRow | null>(null);
  const [cancelling, setCancelling] = useState<RegisteredListRow | null>(null);
  const onPage = useCallback((pageId: number) => setState((s) => ({ ...s, pageId })), []);
  const onSort = (field: string) =>
    setState((s) => {
      const current = s.sort ?? { field: 'registeredStatus', direction: 'asc' };
      const direction = current.field === field && current.direction === 'asc' ? 'desc' : 'asc';
      return { ...s, pageId: 1, sort: { field, direction } };
    });

  return (
    <>
      <PageTitle title={M.listTitle}>
        {mayRegisterListings(viewer) && (
          <Button component={Link} to="/registered/new" leftSection={<IconPlus size={16} aria-hidden />}>
            {M.newButton}
          </Button>
        )}
      </PageTitle>
      <Group mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder={M.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label="Status"
          placeholder={M.statusFilterPlaceholder}
          clearable
          data={[...REGISTERED_STATUSES]}
          value={state.status}
          onChange={(status) => setState((s) => ({ ...s, status, pageId: 1 }))}
          w={{ base: '100%', sm: 220 }}
        />
        {search.isRefreshing && <Loader size="sm" mb={8} role="status" aria-label={M.searching} data-testid="list-refreshing" />}
      </Group>
      <RegisteredTable
        rows={search.rows}
        isLoading={search.isLoading}
        sort={state.sort}
        onSort={onSort}
        showSendToMls={canSendToMls(viewer)}
        onSendToMls={setSending}
        onCancel={setCancelling}
      />
      {search.notice && (
        <Text size="sm" role="status">
          {search.notice}
        </Text>
      )}
      <ServerPager
        pageId={state.pageId}
        totalPages={search.totalPages}
        totalResults={search.totalResults}
        pageSize={state.pageSize}
        onPage={onPage}
        onPageSize={(pageSize) => setState((s) => ({ ...s, pageSize, pageId: 1 }))}
      />
      <SendToMlsModal
        listing={sending}
        isBusy={actions.promote.isPending}
        onClose={() => setSending(null)}
        onConfirm={(listing) => actions.promote.mutate(listing, { onSettled: () => setSending(null) })}
      />
      <CancelListingModal
        key={cancelling?.id ?? 0}
        listing={cancelling}
        isBusy={actions.cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={(listing, cancellationDate) =>
          actions.cancel.mutate({ listing, cancellationDate }, { onSuccess: () => setCancelling(null) })
        }
      />
    </>
  );
}

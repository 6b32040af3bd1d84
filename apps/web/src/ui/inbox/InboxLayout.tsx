import { Grid, Paper, Text } from '@mantine/core';
import { availableBulkActions, type BulkAction, bulkTargets, CONTENT_MESSAGES } from '@portico/shared';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState } from '../EmptyState';
import { ErrorPanel } from '../ErrorPanel';
import { PageTitle } from '../PageTitle';
import { ConfirmDialog } from './ConfirmDialog';
import { InboxList, type InboxRow } from './InboxList';
import { type FilterOption, InboxToolbar } from './InboxToolbar';
import { Pager } from './Pager';
import { SUBTLE_TEXT } from './subtle-text';
import type { InboxItem, useInboxState } from './useInboxState';

/** Mantine's 'md' breakpoint: below it the two columns stack. */
const STACKED_BELOW = '61.99em';

export interface InboxLayoutProps<T extends InboxItem> {
  title: string;
  inbox: ReturnType<typeof useInboxState<T>>;
  isLoading: boolean;
  error: Error | null;
  errorTitle: string;
  labels: { search: string; filter: string; status: string; pager: string };
  filterOptions: FilterOption[];
  rows: InboxRow[];
  emptyText: string;
  /** The open item's detail; the placeholder text when nothing is open. */
  detail: ReactNode;
  placeholder: string;
  onSetRead(ids: number[], isRead: boolean): void;
  onSetArchived(ids: number[], isArchived: boolean): void;
}

/**
 * The one inbox screen of notifications and system messages: list with search, filter, status, Select All and
 * the With Selected actions on the left; the open item on the right.
 */
export function InboxLayout<T extends InboxItem>(props: InboxLayoutProps<T>) {
  const { inbox } = props;
  const bulkActions = useMemo(() => availableBulkActions(inbox.checkedItems), [inbox.checkedItems]);
  // On narrow screens the detail sits below the list: bring an opened item's detail into view (decision 0953).
  const detailRef = useRef<HTMLDivElement>(null);
  const selectedId = inbox.selected?.id ?? null;
  useEffect(() => {
    if (selectedId === null || !detailRef.current) return;
    if (window.matchMedia(`(max-width: ${STACKED_BELOW})`).matches) detailRef.current.scrollIntoView({ block: 'start' });
  }, [selectedId]);

  // Archive asks first, as the single archive does; the other bulk actions run at once.
  const [archiveIds, setArchiveIds] = useState<number[] | null>(null);
  const runBulk = (action: BulkAction) => {
    const ids = bulkTargets(action, inbox.checkedItems);
    if (action === 'Archive') {
      setArchiveIds(ids);
      return;
    }
    if (action === 'Mark as Read' || action === 'Mark as Unread') props.onSetRead(ids, action === 'Mark as Read');
    else props.onSetArchived(ids, false);
    inbox.clearChecked();
  };

  if (props.error) return <ErrorPanel title={props.errorTitle} message={props.error.message} />;

  return (
    <>
      <PageTitle title={props.title} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="sm" radius="md">
            <InboxToolbar
              search={inbox.search}
              onSearch={inbox.setSearch}
              searchLabel={props.labels.search}
              filterLabel={props.labels.filter}
              filterValue={inbox.filter}
              filterOptions={props.filterOptions}
              onFilter={inbox.setFilter}
              status={inbox.status}
              statusLabel={props.labels.status}
              onStatus={inbox.setStatus}
              onReset={inbox.reset}
              count={inbox.filtered.length}
              allChecked={inbox.allChecked}
              someChecked={inbox.checkedItems.length > 0}
              onCheckAll={inbox.checkAll}
              actions={bulkActions}
              onAction={runBulk}
            />
            {props.isLoading ? (
              <Text c={SUBTLE_TEXT} py="md" ta="center">
                Loading results...
              </Text>
            ) : (
              <InboxList
                rows={props.rows}
                selectedId={inbox.selected?.id ?? null}
                checked={inbox.checked}
                onOpen={inbox.open}
                onCheck={inbox.check}
                empty={<EmptyState text={props.emptyText} />}
              />
            )}
            <Paper pt="sm">
              <Pager page={inbox.page.page} pageCount={inbox.page.pageCount} onChange={inbox.setPage} label={props.labels.pager} />
            </Paper>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} ref={detailRef} style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 8px)' }}>
          {props.detail ?? (
            <Text c={SUBTLE_TEXT} ta="center" py="xl">
              {props.placeholder}
            </Text>
          )}
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={archiveIds !== null}
        text={CONTENT_MESSAGES.archiveSelectedConfirm(archiveIds?.length ?? 0)}
        confirmLabel="Archive"
        onCancel={() => setArchiveIds(null)}
        onConfirm={() => {
          if (archiveIds) props.onSetArchived(archiveIds, true);
          inbox.clearChecked();
          setArchiveIds(null);
        }}
      />
    </>
  );
}

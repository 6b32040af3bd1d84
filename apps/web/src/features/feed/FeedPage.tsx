import { Button, Group, Stack } from '@mantine/core';
import { FEED_IMPORT_PATH, FEED_MESSAGES, SETTINGS_MESSAGES } from '@portico/shared';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMember } from '../../core/member';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { PageTitle } from '../../ui/PageTitle';
import { ImportHistory } from '../feed-import/index';
import { useFeedStatus } from './api';
import { FeedHistory, FeedRejectedRows } from './FeedLists';
import { FeedResources } from './FeedResources';
import { FeedSettings } from './FeedSettings';
import { FeedSetup } from './FeedSetup';
import { ResendCreatePassword } from './ResendCreatePassword';
import { SyncNow } from './SyncNow';
import { UserClassMapping } from './UserClassMapping';

/** The CSV import's own screen (a feature of its own): the fallback for an MLS without a Web API. */
function ImportCsvLink({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} variant="default" leftSection={<IconFileImport size={16} aria-hidden />}>
      Import CSV
    </Button>
  );
}

/** The AOR Center's tabs of the feed and of the CSV import (decision 1040). */
export const FEED_TAB_PATH = '/admin/mls-data-feed';
export const IMPORT_TAB_PATH = '/admin/csv-import';

/**
 * /feed and the AOR Center's 'MLS data feed' tab: MLS staff's screen of the RESO Web API feed (issue 20 section 4,
 * decision 0986) and of the CSV imports (decision 1040). Level 5 only, as its calls.
 */
export function FeedPage({ inTab = false }: { inTab?: boolean }) {
  const { viewer } = useMember();
  if (viewer.level !== 5) {
    return (
      <>
        <PageTitle title={FEED_MESSAGES.title} />
        <ErrorPanel title={SETTINGS_MESSAGES.noAccess} />
      </>
    );
  }
  return <FeedScreen importPath={inTab ? IMPORT_TAB_PATH : FEED_IMPORT_PATH} inTab={inTab} />;
}

function FeedScreen({ importPath, inTab }: { importPath: string; inTab: boolean }) {
  const status = useFeedStatus();
  const data = status.data;
  return (
    <>
      <PageTitle title={FEED_MESSAGES.title} inTab={inTab}>
        <Group gap="sm">
          {data?.configured && <ImportCsvLink to={importPath} />}
          {data?.configured && <SyncNow status={data} />}
        </Group>
      </PageTitle>
      {status.error ? (
        <ErrorPanel title="The feed's status could not be loaded." message={status.error.message} />
      ) : !data ? (
        <LoadingBlock label="Loading the feed's status" />
      ) : !data.configured ? (
        <Stack gap="lg">
          <FeedSetup status={data} importPath={importPath} />
          <ImportHistory />
        </Stack>
      ) : (
        <Stack gap="lg">
          <FeedResources status={data} />
          <UserClassMapping />
          <FeedRejectedRows />
          <FeedHistory />
          <ImportHistory />
          <Group align="flex-start" grow wrap="wrap">
            <FeedSettings status={data} />
            <ResendCreatePassword />
          </Group>
        </Stack>
      )}
    </>
  );
}

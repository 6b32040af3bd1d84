import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { FEED_IMPORT_PATH, FEED_MESSAGES, SETTINGS_MESSAGES } from '@portico/shared';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMember } from '../../core/member';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { PageTitle } from '../../ui/PageTitle';
import { useFeedStatus } from './api';
import { FeedHistory, FeedRejectedRows } from './FeedLists';
import { FeedResources } from './FeedResources';
import { FeedSettings } from './FeedSettings';
import { ResendCreatePassword } from './ResendCreatePassword';
import { SyncNow } from './SyncNow';
import { UserClassMapping } from './UserClassMapping';

/** The CSV import's own screen (a feature of its own): the fallback for an MLS without a Web API. */
function ImportCsvLink() {
  return (
    <Button component={Link} to={FEED_IMPORT_PATH} variant="default" leftSection={<IconFileImport size={16} aria-hidden />}>
      Import CSV
    </Button>
  );
}

/** /feed: MLS staff's screen of the RESO Web API feed (issue 20 section 4, decision 0986). Level 5 only, as its calls. */
export function FeedPage() {
  const { viewer } = useMember();
  if (viewer.level !== 5) {
    return (
      <>
        <PageTitle title={FEED_MESSAGES.title} />
        <ErrorPanel title={SETTINGS_MESSAGES.noAccess} />
      </>
    );
  }
  return <FeedScreen />;
}

function FeedScreen() {
  const status = useFeedStatus();
  const data = status.data;
  return (
    <>
      <PageTitle title={FEED_MESSAGES.title}>
        <Group gap="sm">
          <ImportCsvLink />
          {data?.configured && <SyncNow status={data} />}
        </Group>
      </PageTitle>
      {status.error ? (
        <ErrorPanel title="The feed's status could not be loaded." message={status.error.message} />
      ) : !data ? (
        <LoadingBlock label="Loading the feed's status" />
      ) : !data.configured ? (
        <EmptyState text={FEED_MESSAGES.notConfiguredTitle}>
          <Text size="sm" maw={640} ta="center" c="var(--mantine-color-text)">
            {FEED_MESSAGES.notConfiguredHelp}
          </Text>
          <Anchor component={Link} to={FEED_IMPORT_PATH}>
            Import members or offices from a CSV
          </Anchor>
        </EmptyState>
      ) : (
        <Stack gap="lg">
          <FeedResources status={data} />
          <UserClassMapping />
          <FeedRejectedRows />
          <FeedHistory />
          <Group align="flex-start" grow wrap="wrap">
            <FeedSettings status={data} />
            <ResendCreatePassword />
          </Group>
        </Stack>
      )}
    </>
  );
}

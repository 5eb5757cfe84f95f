import { Alert, Button, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ActivityEntry, ActivityPage } from '@incontra/contracts/api/activity';
import { IT_ACTIVITY } from '@incontra/contracts/messages/it-activity';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { ResponsiveTable, type ResponsiveColumn } from '@incontra/mfe-kit/responsive-table';
import { formatActivityTime } from '../activity-time';

const PAGE = IT_ACTIVITY.page;

interface ActivityEntriesProps {
  activity: UseInfiniteQueryResult<InfiniteData<ActivityPage>>;
  /** Whether a filter is set: the empty state then says so. */
  filtered: boolean;
}

/** The loaded entries, newest first (times in the company's zone, like its opening hours), and «Carica altri» while the log goes on. */
export function ActivityEntries({ activity, filtered }: ActivityEntriesProps) {
  const { company } = useMfeProps();
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  const columns: ResponsiveColumn<ActivityEntry>[] = [
    { key: 'when', header: PAGE.when, render: (entry) => <time dateTime={entry.createdAt}>{formatActivityTime(entry.createdAt, company.timeZone)}</time> },
    { key: 'user', header: PAGE.user, render: (entry) => entry.userName },
    // Words of the log's own vocabulary: whole («Creazione», not «Creazio» over «ne» beside a long summary).
    { key: 'action', header: PAGE.action, render: (entry) => IT_ACTIVITY.actions[entry.action], words: 'whole' },
    { key: 'entity', header: PAGE.entity, render: (entry) => IT_ACTIVITY.entities[entry.entityType], words: 'whole' },
    { key: 'summary', header: PAGE.summary, render: (entry) => entry.summary },
  ];
  if (entries.length === 0) {
    return (
      <Text role="status" c="dimmed">
        {filtered ? PAGE.emptyFiltered : PAGE.empty}
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <ResponsiveTable caption={PAGE.caption} columns={columns} rows={entries} rowKey={(entry) => entry.id} />
      {activity.isFetchNextPageError && (
        <Alert color="red" role="alert" title={PAGE.loadMoreFailed}>
          {apiErrorMessage(activity.error)}
        </Alert>
      )}
      {activity.hasNextPage ? (
        <Button variant="light" onClick={() => void activity.fetchNextPage()} loading={activity.isFetchingNextPage} style={{ alignSelf: 'flex-start' }}>
          {PAGE.loadMore}
        </Button>
      ) : (
        <Text c="dimmed" size="sm">
          {PAGE.end}
        </Text>
      )}
    </Stack>
  );
}

import { Alert, Button, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ActivityPage } from '@incontra/contracts/api/activity';
import { IT_ACTIVITY } from '@incontra/contracts/messages/it-activity';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
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
  if (entries.length === 0) {
    return (
      <Text role="status" c="dimmed">
        {filtered ? PAGE.emptyFiltered : PAGE.empty}
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <ScrollArea type="auto" offsetScrollbars="x">
        <Table striped verticalSpacing="sm" miw="max-content">
          <Table.Caption>
            <VisuallyHidden>{PAGE.caption}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{PAGE.when}</Table.Th>
              <Table.Th>{PAGE.user}</Table.Th>
              <Table.Th>{PAGE.action}</Table.Th>
              <Table.Th>{PAGE.entity}</Table.Th>
              <Table.Th>{PAGE.summary}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <time dateTime={entry.createdAt}>{formatActivityTime(entry.createdAt, company.timeZone)}</time>
                </Table.Td>
                <Table.Td>{entry.userName}</Table.Td>
                <Table.Td>{IT_ACTIVITY.actions[entry.action]}</Table.Td>
                <Table.Td>{IT_ACTIVITY.entities[entry.entityType]}</Table.Td>
                <Table.Td style={{ whiteSpace: 'normal', minWidth: '16rem' }}>{entry.summary}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
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

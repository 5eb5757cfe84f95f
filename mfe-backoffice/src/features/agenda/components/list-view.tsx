import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LIST_PAGE_SIZE } from '@incontra/contracts/api/list-page';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { todayIn } from '@incontra/mfe-kit/dates/calendar-dates';
import { ListPager, useFilteredPage } from '@incontra/mfe-kit/list-pager';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { QueryState } from '../../../app/management/query-state';
import type { ReservationFilters } from '../api/agenda-keys';
import { useReservationsPage } from '../api/get-reservations';
import { useTopics } from '../../../api/stores/get-topics';
import { ExportCsvButton } from './export-csv-button';
import { ListFilters, type ListFilterValues } from './list-filters';
import { ReservationsTable } from './reservations-table';

interface ListViewProps {
  /** null: every store (of those the staff member serves). */
  storeId: string | null;
  roomId: string | null;
  onOpen: (id: string) => void;
}

/**
 * The appointments as a table, filtered and a page at a time, with the CSV of all those the
 * filters find. It starts from today on the company's clock, not from the day the day or week
 * view was on: a past day there would leave every appointment to come out of the list.
 */
export function ListView({ storeId, roomId, onOpen }: ListViewProps) {
  const { company } = useMfeProps();
  const [values, setValues] = useState<ListFilterValues>(() => ({ topic: null, status: null, from: todayIn(company.timeZone), to: null }));
  const topics = useTopics(storeId);
  const filters: ReservationFilters = {
    store: storeId ?? undefined,
    room: roomId ?? undefined,
    topic: values.topic ?? undefined,
    status: values.status ?? undefined,
    from: values.from ?? undefined,
    to: values.to ?? undefined,
  };
  const [page, setPage] = useFilteredPage(filters);
  const reservations = useReservationsPage(filters, page, LIST_PAGE_SIZE);
  const total = reservations.data?.total ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <ListFilters values={values} onChange={setValues} topics={storeId === null ? null : (topics.data ?? [])} />
        <ExportCsvButton filters={filters} disabled={total === 0} />
      </Group>
      <QueryState query={reservations}>
        {({ items }) =>
          items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" role="status">
              {IT_AGENDA.list.empty}
            </Text>
          ) : (
            <Stack gap="sm" aria-busy={reservations.isPlaceholderData}>
              <ReservationsTable reservations={items} showStore={storeId === null} onOpen={onOpen} />
              <ListPager page={page} total={total} shown={items.length} onChange={setPage} />
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

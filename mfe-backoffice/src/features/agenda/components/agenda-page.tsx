import { Stack, Text } from '@mantine/core';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { IT_AGENDA } from '@incontra/contracts/messages/it-agenda';
import { dateOfInstant } from '@incontra/mfe-kit/dates/calendar-dates';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useStoreRooms } from '../../../api/rooms/get-rooms';
import { useStores } from '../../../api/stores/get-stores';
import { ALL_STORES, useAgendaParams } from '../hooks/use-agenda-params';
import { useAgendaRefresh } from '../hooks/use-agenda-refresh';
import { AgendaToolbar } from './agenda-toolbar';
import { DateNavigation } from './date-navigation';
import { DayView } from './day-view';
import { ListView } from './list-view';
import { NewReservationButton } from './new-reservation-button';
import { ReservationDetail } from './reservation-detail';
import { WeekView } from './week-view';

type AgendaParams = ReturnType<typeof useAgendaParams>;

/**
 * The store shown: the one in the address if it is among those offered, else the first. Every
 * store at once (null) only in the list view of a company with several.
 */
function storeShown(stores: ManagedStore[], params: AgendaParams): string | null {
  if (params.store === ALL_STORES && params.view === 'list' && stores.length > 1) return null;
  return (stores.find((store) => store.id === params.store) ?? stores[0]!).id;
}

/** «Agenda»: the appointments of the stores the staff member serves, by day, by week or as a list; new bookings appear as they come. */
export function AgendaPage() {
  const { company } = useMfeProps();
  useAgendaRefresh();
  const stores = useStores();
  const params = useAgendaParams();
  const rows = stores.data ?? [];
  const storeId = rows.length > 0 ? storeShown(rows, params) : null;

  return (
    <Stack gap="md" data-testid="agenda-page">
      <PageHeader
        title={IT_AGENDA.nav}
        description={IT_AGENDA.description}
        actions={
          rows.length > 0 && (
            <NewReservationButton
              stores={rows}
              storeId={storeId ?? rows[0]!.id}
              onCreated={(created) => params.showCreated({ day: dateOfInstant(created.startsAt, company.timeZone), storeId: created.store.id, id: created.id })}
            />
          )
        }
      />
      <QueryState query={stores}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed" role="status">
              {IT_AGENDA.noStores}
            </Text>
          ) : (
            <AgendaBody stores={list} storeId={storeId} params={params} />
          )
        }
      </QueryState>
      <ReservationDetail id={params.openId} onClose={params.close} />
    </Stack>
  );
}

function AgendaBody({ stores, storeId, params }: { stores: ManagedStore[]; storeId: string | null; params: AgendaParams }) {
  const rooms = useStoreRooms(storeId);
  const roomList = storeId === null ? [] : (rooms.data ?? []);
  // A room of another store (an old link) is no filter of this one.
  const roomId = storeId !== null && params.room && (!rooms.data || rooms.data.some((room) => room.id === params.room)) ? params.room : null;
  const { view } = params;

  return (
    <Stack gap="md">
      <AgendaToolbar
        stores={stores}
        storeId={storeId}
        allowAllStores={view === 'list'}
        onStore={params.setStore}
        rooms={roomList}
        roomId={roomId}
        onRoom={params.setRoom}
        view={view}
        onView={params.setView}
      />
      {view !== 'list' && <DateNavigation view={view} day={params.day} onChange={params.setDay} />}
      {view === 'day' && storeId !== null && (
        <DayView storeId={storeId} roomId={roomId} day={params.day} rooms={roomList} onOpen={params.open} highlightId={params.created} />
      )}
      {view === 'week' && storeId !== null && <WeekView storeId={storeId} roomId={roomId} day={params.day} onOpen={params.open} onOpenDay={params.openDay} />}
      {view === 'list' && <ListView key={storeId ?? ALL_STORES} storeId={storeId} roomId={roomId} onOpen={params.open} />}
    </Stack>
  );
}

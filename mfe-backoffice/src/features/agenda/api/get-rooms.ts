import { useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE_MAX } from '@incontra/contracts/api/list-page';
import { roomsPageSchema, type ManagedRoom } from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { agendaKeys } from './agenda-keys';

/** GET /api/rooms?storeId=: a store's rooms by name (a store's rooms fit one page of 100). */
export async function getRooms(storeId: string, signal?: AbortSignal): Promise<ManagedRoom[]> {
  const query = new URLSearchParams({ storeId, pageSize: String(LIST_PAGE_SIZE_MAX), sort: 'name' });
  return (await apiRequest(`/api/rooms?${query}`, { schema: roomsPageSchema, signal })).items;
}

/** A store's rooms (the day view's columns, the room filter); asks nothing until a store is chosen. */
export function useStoreRooms(storeId: string | null) {
  const { company } = useMfeProps();
  return useQuery({
    queryKey: agendaKeys.rooms(company.id, storeId ?? ''),
    queryFn: ({ signal }) => getRooms(storeId!, signal),
    enabled: storeId !== null,
  });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE_MAX, listSearchParams, type ListRequest } from '@incontra/contracts/api/list-page';
import { roomsPageSchema, type ManagedRoom, type RoomSortKey, type RoomsPage } from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { roomKeys } from './room-keys';

/** What the rooms' table asks for: a page, and one store's rooms only when `storeId` is set. */
export interface RoomsRequest extends ListRequest<RoomSortKey> {
  storeId: string | null;
}

/** GET /api/rooms: one page of the rooms (every room for an admin, those of the stores served for an operator). */
export function getRooms({ storeId, ...request }: RoomsRequest, signal?: AbortSignal): Promise<RoomsPage> {
  const query = listSearchParams(request);
  if (storeId) query.set('storeId', storeId);
  const search = query.toString();
  return apiRequest(`/api/rooms${search ? `?${search}` : ''}`, { schema: roomsPageSchema, signal });
}

export function getRoomsQueryOptions(companyId: string, request: RoomsRequest) {
  return queryOptions({
    queryKey: roomKeys.page(companyId, request),
    queryFn: ({ signal }) => getRooms(request, signal),
    // The page shown stays while the next one comes: the table does not blink at each key or page.
    placeholderData: keepPreviousData,
  });
}

export function useRooms(request: RoomsRequest) {
  const { company } = useMfeProps();
  return useQuery(getRoomsQueryOptions(company.id, request));
}

/** GET /api/rooms?storeId=: a store's rooms by name (a store's rooms fit one page of 100). */
export async function getStoreRooms(storeId: string, signal?: AbortSignal): Promise<ManagedRoom[]> {
  const query = new URLSearchParams({ storeId, pageSize: String(LIST_PAGE_SIZE_MAX), sort: 'name' });
  return (await apiRequest(`/api/rooms?${query}`, { schema: roomsPageSchema, signal })).items;
}

export function getStoreRoomsQueryOptions(companyId: string, storeId: string) {
  return queryOptions({ queryKey: roomKeys.ofStore(companyId, storeId), queryFn: ({ signal }) => getStoreRooms(storeId, signal) });
}

/** A store's rooms (the agenda's columns and room filter, the rooms a topic may use); asks nothing while no store is chosen (null). */
export function useStoreRooms(storeId: string | null) {
  const { company } = useMfeProps();
  return useQuery({ ...getStoreRoomsQueryOptions(company.id, storeId ?? ''), enabled: storeId !== null });
}

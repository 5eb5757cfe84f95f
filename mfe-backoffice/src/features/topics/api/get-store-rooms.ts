import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE_MAX } from '@incontra/contracts/api/list-page';
import { roomsPageSchema, type ManagedRoom } from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { topicKeys } from './topic-keys';

/** GET /api/rooms?storeId=: the rooms of the store that may serve its topics, by name (a store's rooms fit one page of 100). */
export async function getStoreRooms(storeId: string): Promise<ManagedRoom[]> {
  const query = new URLSearchParams({ storeId, pageSize: String(LIST_PAGE_SIZE_MAX), sort: 'name' });
  return (await apiRequest(`/api/rooms?${query}`, { schema: roomsPageSchema })).items;
}

export function useStoreRooms(storeId: string) {
  const { company } = useMfeProps();
  return useQuery(queryOptions({ queryKey: topicKeys.storeRooms(company.id, storeId), queryFn: () => getStoreRooms(storeId) }));
}

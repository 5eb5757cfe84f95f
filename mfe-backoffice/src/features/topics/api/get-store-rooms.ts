import { queryOptions, useQuery } from '@tanstack/react-query';
import { managedRoomsSchema, type ManagedRoom } from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { topicKeys } from './topic-keys';

/** GET /api/rooms?storeId=: the rooms of the store that may serve its topics. */
export function getStoreRooms(storeId: string): Promise<ManagedRoom[]> {
  return apiRequest(`/api/rooms?${new URLSearchParams({ storeId })}`, { schema: managedRoomsSchema });
}

export function useStoreRooms(storeId: string) {
  const { company } = useMfeProps();
  return useQuery(queryOptions({ queryKey: topicKeys.storeRooms(company.id, storeId), queryFn: () => getStoreRooms(storeId) }));
}

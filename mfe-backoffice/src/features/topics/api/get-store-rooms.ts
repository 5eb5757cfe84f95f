import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeConfigSchema, type Room } from '@incontra/contracts/api/stores';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { topicKeys } from './topic-keys';

/** The store's rooms by name, from GET /api/config/store/{id} (what visitors see of the store). */
export async function getStoreRooms(storeId: string): Promise<Room[]> {
  return (await apiRequest(`/api/config/store/${storeId}`, { schema: storeConfigSchema })).rooms;
}

export function useStoreRooms(storeId: string) {
  const { company } = useMfeProps();
  return useQuery(queryOptions({ queryKey: topicKeys.storeRooms(company.id, storeId), queryFn: () => getStoreRooms(storeId) }));
}

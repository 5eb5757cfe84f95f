import { queryOptions, useQuery } from '@tanstack/react-query';
import { managedRoomSchema, type ManagedRoom } from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { roomKeys } from './room-keys';

/** GET /api/room/{id}. */
export function getRoom(id: string): Promise<ManagedRoom> {
  return apiRequest(`/api/room/${id}`, { schema: managedRoomSchema });
}

export function getRoomQueryOptions(companyId: string, id: string) {
  return queryOptions({ queryKey: roomKeys.detail(companyId, id), queryFn: () => getRoom(id) });
}

export function useRoom(id: string) {
  const { company } = useMfeProps();
  return useQuery(getRoomQueryOptions(company.id, id));
}

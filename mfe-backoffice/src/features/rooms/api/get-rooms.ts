import { queryOptions, useQuery } from '@tanstack/react-query';
import { managedRoomsSchema, type ManagedRoom } from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { roomKeys } from './room-keys';

/** GET /api/rooms: every room for an admin, those of the stores served for an operator. */
export function getRooms(): Promise<ManagedRoom[]> {
  return apiRequest('/api/rooms', { schema: managedRoomsSchema });
}

export function getRoomsQueryOptions(companyId: string) {
  return queryOptions({ queryKey: roomKeys.all(companyId), queryFn: getRooms });
}

export function useRooms() {
  const { company } = useMfeProps();
  return useQuery(getRoomsQueryOptions(company.id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { roomOpeningSchema, type RoomOpening } from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { roomKeys } from './room-keys';

/** GET /api/room/{id}/opening: the company's zone, the seven days and the exceptions from today on. */
export function getOpening(roomId: string): Promise<RoomOpening> {
  return apiRequest(`/api/room/${roomId}/opening`, { schema: roomOpeningSchema });
}

export function getOpeningQueryOptions(companyId: string, roomId: string) {
  return queryOptions({ queryKey: roomKeys.opening(companyId, roomId), queryFn: () => getOpening(roomId) });
}

export function useOpening(roomId: string) {
  const { company } = useMfeProps();
  return useQuery(getOpeningQueryOptions(company.id, roomId));
}

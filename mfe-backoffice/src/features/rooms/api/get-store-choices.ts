import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '@incontra/contracts/http';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { roomKeys } from './room-keys';

/** Of a store, the room screens need its id and name only (the object schema drops the rest). */
const storeChoicesSchema = z.array(z.object({ id: z.string(), name: z.string() }));
export type StoreChoice = z.infer<typeof storeChoicesSchema>[number];

/** GET /api/stores: the stores a room may be in, or be filtered by (an operator's: those served). */
export function getStoreChoices(): Promise<StoreChoice[]> {
  return apiRequest('/api/stores', { schema: storeChoicesSchema });
}

export function useStoreChoices() {
  const { company } = useMfeProps();
  return useQuery({ queryKey: roomKeys.storeChoices(company.id), queryFn: getStoreChoices });
}

import { queryOptions } from '@tanstack/react-query';
import {
  companyConfigSchema,
  roomTranslationsSchema,
  storeConfigSchema,
  type CompanyConfig,
  type RoomTranslation,
  type StoreConfig,
} from '@incontra/contracts/api/stores';
import { apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';

/*
 * The public config calls every remote makes (the visitor's store and rooms, the back office's
 * room lists), under the shell's query keys so that one answer serves them all. The API resolves
 * the company from the page's origin (`x-origin`).
 */

/** GET /api/config/company: the company with its stores. */
export function getCompanyConfig(origin: string, signal?: AbortSignal): Promise<CompanyConfig> {
  return apiRequest('/api/config/company', { schema: companyConfigSchema, headers: { 'x-origin': origin }, signal });
}

/** GET /api/config/store/{id}: the store with its rooms. */
export function getStoreConfig(origin: string, storeId: string, signal?: AbortSignal): Promise<StoreConfig> {
  return apiRequest(`/api/config/store/${encodeURIComponent(storeId)}`, { schema: storeConfigSchema, headers: { 'x-origin': origin }, signal });
}

/** GET /api/room/{id}/translations: the room's own texts, every language. */
export function getRoomTranslations(origin: string, roomId: string, signal?: AbortSignal): Promise<RoomTranslation[]> {
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}/translations`, { schema: roomTranslationsSchema, headers: { 'x-origin': origin }, signal });
}

export function getCompanyConfigQueryOptions(companyId: string, origin: string) {
  return queryOptions({
    queryKey: queryKeys.companyConfig(companyId),
    queryFn: ({ signal }) => getCompanyConfig(origin, signal),
    refetchOnWindowFocus: false,
  });
}

export function getStoreConfigQueryOptions(companyId: string, origin: string, storeId: string) {
  return queryOptions({
    queryKey: queryKeys.storeConfig(companyId, storeId),
    queryFn: ({ signal }) => getStoreConfig(origin, storeId, signal),
    refetchOnWindowFocus: false,
  });
}

/**
 * Under the key the shell fills for `?store=`. Not retried: without its texts the room shows the
 * defaults (the spec ignores this read's failures), and a page waiting for them should not wait long.
 */
export function getRoomTranslationsQueryOptions(companyId: string, origin: string, roomId: string) {
  return queryOptions({
    queryKey: queryKeys.roomTranslations(companyId, roomId),
    queryFn: ({ signal }) => getRoomTranslations(origin, roomId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

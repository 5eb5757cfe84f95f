import * as z from 'zod/mini';
import { IT_STORES } from '../messages/it-stores';

/*
 * The back office's stores and topics (GET/POST /api/stores, /api/store/{id}, /api/store/{id}/topics,
 * /api/topic/{id}). The visitors' view of a store is in ./stores.
 */

export const STORE_NAME_MAX = 100;
export const STORE_ADDRESS_MAX = 200;
export const TOPIC_NAME_MAX = 100;
/** More rooms than any store has: a bound on the body, not a rule. */
const TOPIC_ROOMS_MAX = 500;

const requiredName = (max: number, message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));

/** A store as the back office lists it. */
export const managedStoreSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.nullable(z.string()),
  wall: z.nullable(z.string()),
  /** Whether its live visitors verify their phone; null follows the company's setting. */
  requirePhoneVerification: z.nullable(z.boolean()),
  roomCount: z.int().check(z.nonnegative()),
  topicCount: z.int().check(z.nonnegative()),
});
export type ManagedStore = z.infer<typeof managedStoreSchema>;
export const managedStoresSchema = z.array(managedStoreSchema);

/** POST /api/store. An empty address is no address. */
export const storeBodySchema = z.object({
  name: requiredName(STORE_NAME_MAX, IT_STORES.validation.nameRequired),
  address: z.optional(
    z.nullable(
      z.pipe(
        z.string({ error: IT_STORES.validation.addressInvalid }).check(z.trim(), z.maxLength(STORE_ADDRESS_MAX, IT_STORES.validation.addressInvalid)),
        z.transform((address) => (address === '' ? null : address)),
      ),
    ),
  ),
  requirePhoneVerification: z.optional(z.nullable(z.boolean({ error: IT_STORES.validation.phoneVerificationInvalid }))),
});
export type StoreBody = z.input<typeof storeBodySchema>;

/** POST /api/store/{id}: the fields given change, the others stay. */
export const storeUpdateBodySchema = z.partial(storeBodySchema);
export type StoreUpdateBody = z.input<typeof storeUpdateBodySchema>;

/** A topic, with the rooms that serve it: none listed means every room of its store. */
export const managedTopicSchema = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  name: z.string(),
  roomIds: z.array(z.uuid()),
});
export type ManagedTopic = z.infer<typeof managedTopicSchema>;
export const managedTopicsSchema = z.array(managedTopicSchema);

const roomIdsSchema = z
  .array(z.uuid(IT_STORES.validation.roomIdsInvalid), { error: IT_STORES.validation.roomIdsInvalid })
  .check(z.maxLength(TOPIC_ROOMS_MAX, IT_STORES.validation.roomIdsInvalid));

/** POST /api/store/{id}/topics. */
export const topicBodySchema = z.object({
  name: requiredName(TOPIC_NAME_MAX, IT_STORES.validation.topicNameRequired),
  roomIds: z.optional(roomIdsSchema),
});
export type TopicBody = z.input<typeof topicBodySchema>;

/** POST /api/topic/{id}: rename, choose the rooms, or both. */
export const topicUpdateBodySchema = z.partial(topicBodySchema);
export type TopicUpdateBody = z.input<typeof topicUpdateBodySchema>;

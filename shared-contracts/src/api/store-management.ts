import * as z from 'zod/mini';
import { IT_PAID_BOOKING } from '../messages/it-paid-booking';
import { IT_STORES } from '../messages/it-stores';
import { formatEuro } from '../money';

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

/** A topic's price bounds, euro cents VAT included (0,50 € … 10.000,00 €): below, the card fees eat it; above, a typo. */
export const TOPIC_PRICE_MIN = 50;
export const TOPIC_PRICE_MAX = 1_000_000;
const priceMessage = IT_PAID_BOOKING.validation.price(formatEuro(TOPIC_PRICE_MIN), formatEuro(TOPIC_PRICE_MAX));
/** A topic's price: integer euro cents, VAT included; null: free. */
export const topicPriceSchema = z.nullable(z.int({ error: priceMessage }).check(z.gte(TOPIC_PRICE_MIN, priceMessage), z.lte(TOPIC_PRICE_MAX, priceMessage)));

/** A topic, with the rooms that serve it: none listed means every room of its store. */
export const managedTopicSchema = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  name: z.string(),
  roomIds: z.array(z.uuid()),
  /** Euro cents, VAT included; null: free. Booking a priced topic holds the place while the customer pays. */
  price: z._default(z.nullable(z.int()), null),
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
  price: z.optional(topicPriceSchema),
});
export type TopicBody = z.input<typeof topicBodySchema>;

/** POST /api/topic/{id}: rename, choose the rooms, set the price (null: free), any of them. */
export const topicUpdateBodySchema = z.partial(topicBodySchema);
export type TopicUpdateBody = z.input<typeof topicUpdateBodySchema>;

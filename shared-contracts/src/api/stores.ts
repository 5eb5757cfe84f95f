import * as z from 'zod/mini';

export const roomSchema = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  name: z.string(),
  reservationSlots: z.int().check(z.nonnegative()),
  slotDuration: z.int().check(z.positive()),
  maxParticipants: z.nullable(z.int().check(z.positive())),
});
export type Room = z.infer<typeof roomSchema>;

export const storeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.nullable(z.string()),
  wall: z.nullable(z.string()),
});
export type Store = z.infer<typeof storeSchema>;

export const topicSchema = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  name: z.string(),
});
export type Topic = z.infer<typeof topicSchema>;

/** GET /api/config/company: the company with its stores. */
export const companyConfigSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  stores: z.array(storeSchema),
});
export type CompanyConfig = z.infer<typeof companyConfigSchema>;

/** A topic a visitor may book: `roomIds` serve it (empty: every room of the store). */
export const publicTopicSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  roomIds: z.array(z.uuid()),
  /** Euro cents, VAT included (null: free; absent from an API before paid appointments). */
  price: z._default(z.nullable(z.int()), null),
});
export type PublicTopic = z.infer<typeof publicTopicSchema>;

/**
 * GET /api/config/store/{storeId}: the store with its rooms and its topics (by name). An answer
 * without `topics` (an API from before booking) reads as a store with none.
 */
export const storeConfigSchema = z.extend(storeSchema, { rooms: z.array(roomSchema), topics: z._default(z.array(publicTopicSchema), []) });
export type StoreConfig = z.infer<typeof storeConfigSchema>;

export const roomTranslationSchema = z.object({
  key: z.string(),
  label: z.string(),
  language: z.string(),
});
export type RoomTranslation = z.infer<typeof roomTranslationSchema>;
export const roomTranslationsSchema = z.array(roomTranslationSchema);

import type { ManagedRoom } from '@incontra/contracts/api/room-management';
import type { ManagedStore } from '@incontra/contracts/api/store-management';

/** A store as GET /api/stores lists it: no address or wall, the company's phone rule, one room and one topic. */
export const managedStore = (id: string, name: string, overrides: Partial<ManagedStore> = {}): ManagedStore => ({
  id,
  name,
  address: null,
  wall: null,
  requirePhoneVerification: null,
  roomCount: 1,
  topicCount: 1,
  ...overrides,
});

/** A room of `store` as GET /api/rooms lists it: one place every 30 minutes, no limit of participants. */
export const managedRoom = (id: string, store: ManagedStore, name: string): ManagedRoom => ({
  id,
  storeId: store.id,
  storeName: store.name,
  name,
  reservationSlots: 1,
  slotDuration: 30,
  maxParticipants: null,
});

import type { StoreConfig } from '@incontra/contracts/api/stores';

/**
 * How long a topic's appointments last, from its rooms' slot lengths (minutes, shortest first,
 * each once): the rooms the topic names, or every room of the store when it names none. A room
 * that takes no appointments (no places) does not count.
 */
export function topicDurations(store: StoreConfig, topicId: string): number[] {
  const topic = store.topics.find((candidate) => candidate.id === topicId);
  if (!topic) return [];
  const rooms = topic.roomIds.length === 0 ? store.rooms : store.rooms.filter((room) => topic.roomIds.includes(room.id));
  const lengths = rooms.filter((room) => room.reservationSlots > 0).map((room) => room.slotDuration);
  return [...new Set(lengths)].sort((a, b) => a - b);
}

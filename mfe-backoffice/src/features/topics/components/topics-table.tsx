import type { ManagedTopic } from '@incontra/contracts/api/store-management';
import type { ManagedRoom } from '@incontra/contracts/api/room-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { IT_TOPIC_PRICE } from '@incontra/contracts/messages/it-topic-price';
import { formatEuro } from '@incontra/contracts/money';
import { DataTable, type DataTableColumn } from '../../../app/management/data-table';
import { editDeleteColumn } from '../../../app/management/edit-delete-column';
import { useDeleteTopic } from '../api/delete-topic';

const TEXT = IT_STORES.topics;

/** «25,00 €», or «Gratuito» for a topic without a price. */
export const priceLabel = (topic: ManagedTopic): string => (topic.price === null ? IT_TOPIC_PRICE.free : formatEuro(topic.price));

/** «Tutte le stanze» when none is chosen, else the chosen rooms' names. */
export function servingRooms(topic: ManagedTopic, rooms: ManagedRoom[]): string {
  if (topic.roomIds.length === 0) return TEXT.allRooms;
  const names = new Map(rooms.map((room) => [room.id, room.name]));
  return topic.roomIds.map((id) => names.get(id) ?? '…').join(', ');
}

export interface TopicsTableProps {
  storeName: string;
  topics: ManagedTopic[];
  rooms: ManagedRoom[];
  /** Given to an admin: each row can then be changed and deleted. */
  onEdit?: (topic: ManagedTopic) => void;
}

export function TopicsTable({ storeName, topics, rooms, onEdit }: TopicsTableProps) {
  const remove = useDeleteTopic();
  const columns: DataTableColumn<ManagedTopic>[] = [
    { key: 'name', header: TEXT.name, sortValue: (topic) => topic.name },
    { key: 'price', header: IT_TOPIC_PRICE.column, render: priceLabel, sortValue: (topic) => topic.price ?? 0 },
    { key: 'rooms', header: TEXT.rooms, render: (topic) => servingRooms(topic, rooms), sortValue: (topic) => servingRooms(topic, rooms) },
  ];
  if (onEdit) columns.push(editDeleteColumn({ editLabel: TEXT.editLabel, onEdit, onDelete: (topic) => remove.mutateAsync(topic.id) }));
  return (
    <DataTable
      caption={TEXT.caption(storeName)}
      rows={topics}
      rowKey={(topic) => topic.id}
      columns={columns}
      searchText={(topic) => `${topic.name} ${servingRooms(topic, rooms)}`}
      emptyText={TEXT.empty}
    />
  );
}

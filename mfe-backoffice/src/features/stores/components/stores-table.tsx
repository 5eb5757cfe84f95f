import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { DataTable, type DataTableColumn } from '../../../app/management/data-table';
import { editDeleteColumn } from '../../../app/management/edit-delete-column';
import { useDeleteStore } from '../api/delete-store';
import { phoneChoiceLabel } from './phone-verification-choice';

const TEXT = IT_STORES.stores;

const COLUMNS: DataTableColumn<ManagedStore>[] = [
  { key: 'name', header: TEXT.name, sortValue: (store) => store.name },
  { key: 'address', header: TEXT.address, sortValue: (store) => store.address ?? '' },
  { key: 'roomCount', header: TEXT.rooms, sortValue: (store) => store.roomCount },
  { key: 'topicCount', header: TEXT.topics, sortValue: (store) => store.topicCount },
  { key: 'phone', header: TEXT.phoneVerification, render: (store) => phoneChoiceLabel(store.requirePhoneVerification) },
];

/** The stores; with `onEdit` (an admin) each row can be changed and deleted. */
export function StoresTable({ stores, onEdit }: { stores: ManagedStore[]; onEdit?: (store: ManagedStore) => void }) {
  const remove = useDeleteStore();
  const columns = onEdit
    ? [...COLUMNS, editDeleteColumn<ManagedStore>({ editLabel: TEXT.editLabel, onEdit, onDelete: (store) => remove.mutateAsync(store.id) })]
    : COLUMNS;
  return (
    <DataTable
      caption={TEXT.caption}
      rows={stores}
      rowKey={(store) => store.id}
      columns={columns}
      searchText={(store) => `${store.name} ${store.address ?? ''}`}
      emptyText={TEXT.empty}
    />
  );
}

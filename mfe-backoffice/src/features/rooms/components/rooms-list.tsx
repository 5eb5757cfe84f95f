import { NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ManagedRoom, RoomSortKey } from '@incontra/contracts/api/room-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_ROOMS } from '@incontra/contracts/messages/it-rooms';
import { can } from '@incontra/contracts/permissions';
import { EntityModal } from '../../../app/management/entity-modal';
import { useListState } from '../../../app/management/list-state';
import { PageHeader } from '../../../app/management/page-header';
import { LimitedCreateButton, usePlanUsage } from '../../../app/management/plan-usage';
import { QueryState } from '../../../app/management/query-state';
import { useRequiredUser } from '../../auth/hooks/use-required-user';
import { useRooms } from '../../../api/rooms/get-rooms';
import { useStores } from '../../../api/stores/get-stores';
import { RoomForm } from './room-form';
import { RoomsTable } from './rooms-table';

const TEXT = IT_ROOMS.list;

/** «Stanze»: the rooms, filtered by store; an admin creates (within the plan), changes and deletes them. */
export function RoomsList() {
  const user = useRequiredUser();
  const [list, setList] = useListState<RoomSortKey>();
  const [storeId, setStoreId] = useState('');
  const rooms = useRooms({ ...list, storeId: storeId || null });
  const stores = useStores();
  const usage = usePlanUsage('rooms');
  const manages = can(user.role, 'manageRooms');
  // The room being changed, 'new' while one is being created, null when no form is open.
  const [editing, setEditing] = useState<ManagedRoom | 'new' | null>(null);
  const close = () => setEditing(null);

  const storeFilter = [{ value: '', label: TEXT.allStores }, ...(stores.data ?? []).map((store) => ({ value: store.id, label: store.name }))];
  return (
    <>
      <PageHeader
        title={IT_MANAGEMENT.nav.rooms}
        description={manages ? TEXT.description : TEXT.readOnly}
        actions={
          manages && (
            <Stack gap={4} align="flex-end">
              {usage.text && (
                <Text size="sm" c="dimmed">
                  {usage.text}
                </Text>
              )}
              <LimitedCreateButton resource="rooms" onClick={() => setEditing('new')}>
                {TEXT.create}
              </LimitedCreateButton>
            </Stack>
          )
        }
      />
      <Stack gap="md">
        <NativeSelect
          label={TEXT.store}
          data={storeFilter}
          value={storeId}
          onChange={(event) => {
            setStoreId(event.currentTarget.value);
            setList({ ...list, page: 1 });
          }}
          maw={360}
        />
        <QueryState query={rooms}>
          {(page) => (
            <RoomsTable
              rooms={page.items}
              paging={{ state: list, onChange: setList, total: page.total, fetching: rooms.isFetching }}
              onEdit={manages ? setEditing : undefined}
            />
          )}
        </QueryState>
      </Stack>
      <EntityModal opened={editing !== null} onClose={close} title={editing === 'new' || editing === null ? TEXT.createTitle : TEXT.editTitle(editing.name)}>
        {editing !== null &&
          (stores.data && stores.data.length === 0 && editing === 'new' ? (
            <Text>{TEXT.noStores}</Text>
          ) : (
            <RoomForm
              key={editing === 'new' ? 'new' : editing.id}
              room={editing === 'new' ? null : editing}
              stores={stores.data ?? []}
              defaultStoreId={storeId || null}
              onDone={close}
            />
          ))}
      </EntityModal>
    </>
  );
}

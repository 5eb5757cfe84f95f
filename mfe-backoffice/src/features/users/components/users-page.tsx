import { Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { ManagedUser, UserSortKey } from '@incontra/contracts/api/users';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { EntityModal } from '../../../app/management/entity-modal';
import { useListState } from '../../../app/management/list-state';
import { PageHeader } from '../../../app/management/page-header';
import { LimitedCreateButton, usePlanUsage } from '../../../app/management/plan-usage';
import { QueryState } from '../../../app/management/query-state';
import { displayName, useRequiredUser } from '../../auth/hooks/use-required-user';
import { useStores } from '../../../api/stores/get-stores';
import { useUsers } from '../../../api/users/get-users';
import { UserForm } from './user-form';
import { refusalsFor } from './user-rules';
import { UsersTable } from './users-table';

const TEXT = IT_USERS.screen;

/** «Utenti» (admins only, by the route guard): the company's users, invited, changed, deactivated and deleted here. */
export function UsersPage() {
  const me = useRequiredUser();
  const [list, setList] = useListState<UserSortKey>();
  const users = useUsers(list);
  const stores = useStores();
  const usage = usePlanUsage('users');
  // The user being changed, 'new' while one is being created, null when no form is open.
  const [editing, setEditing] = useState<ManagedUser | 'new' | null>(null);
  const close = () => setEditing(null);
  const existing = editing === 'new' ? null : editing;

  return (
    <>
      <PageHeader
        title={IT_MANAGEMENT.nav.users}
        description={TEXT.description}
        actions={
          <Group gap="sm" wrap="wrap" align="center">
            {usage.text && (
              <Text size="sm" c="dimmed">
                {usage.text}
              </Text>
            )}
            <LimitedCreateButton resource="users" onClick={() => setEditing('new')}>
              {TEXT.create}
            </LimitedCreateButton>
          </Group>
        }
      />
      <QueryState query={users}>
        {(page) => (
          <UsersTable
            page={page}
            paging={{ state: list, onChange: setList, fetching: users.isFetching }}
            stores={stores.data}
            meId={me.id}
            onEdit={setEditing}
          />
        )}
      </QueryState>
      <EntityModal opened={editing !== null} onClose={close} title={existing ? TEXT.editTitle(displayName(existing)) : TEXT.createTitle}>
        {editing !== null && (
          <UserForm
            key={existing?.id ?? 'new'}
            user={existing}
            stores={stores.data}
            storesFailed={stores.isError}
            demoteReason={existing ? refusalsFor(existing, me.id, users.data?.activeAdmins ?? 0).demote : null}
            onDone={close}
          />
        )}
      </EntityModal>
    </>
  );
}

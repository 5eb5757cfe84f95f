import { Badge, Button, Group, Text } from '@mantine/core';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import type { ManagedUser, UsersPage } from '@incontra/contracts/api/users';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { ConfirmDeleteButton } from '../../../app/management/confirm-delete';
import { DataTable, type DataTableColumn, type ServerPaging } from '../../../app/management/data-table';
import { usePlanUsage } from '../../../app/management/plan-usage';
import { displayName } from '../../auth/hooks/use-required-user';
import { useDeleteUser } from '../api/delete-user';
import { useResendInvitation, useSetUserActive } from '../api/save-user';
import { ReasonedButton } from './reasoned-button';
import { refusalsFor } from './user-rules';

const TEXT = IT_USERS.screen;

/** The stores a user serves, by name: «Tutti» for an admin or an operator limited to none. */
export function storesLabel(user: ManagedUser, stores: readonly ManagedStore[] | undefined): string {
  if (user.role === 'admin' || user.storeIds.length === 0) return TEXT.allStores;
  const names = new Map(stores?.map((store) => [store.id, store.name]));
  return user.storeIds.map((id) => names.get(id) ?? '…').join(', ');
}

function StatusBadges({ user }: { user: ManagedUser }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={user.active ? 'green' : 'gray'} variant="light">
        {user.active ? TEXT.active : TEXT.inactive}
      </Badge>
      {!user.passwordChosen && (
        <Badge color="yellow" variant="light" title={TEXT.invitedHelp}>
          {TEXT.invited}
        </Badge>
      )}
    </Group>
  );
}

interface UsersTableProps {
  /** The page of users the API answered, with the company's count of active admins. */
  page: UsersPage;
  /** The table's request (page, search, sort), held by the page. */
  paging: Omit<ServerPaging, 'total'>;
  stores: ManagedStore[] | undefined;
  meId: string;
  onEdit: (user: ManagedUser) => void;
}

/** The company's users, a page at a time, with, per row, what the admin may do to them (and why not, when not). */
export function UsersTable({ page, paging, stores, meId, onEdit }: UsersTableProps) {
  const setActive = useSetUserActive();
  const resend = useResendInvitation();
  const remove = useDeleteUser();
  const plan = usePlanUsage('users');

  const actions = (user: ManagedUser) => {
    const name = displayName(user);
    const refusals = refusalsFor(user, meId, page.activeAdmins);
    const busy = (id: string | undefined) => id === user.id;
    return (
      <Group gap="xs" wrap="nowrap">
        <Button variant="light" size="xs" onClick={() => onEdit(user)} aria-label={TEXT.editLabel(name)}>
          {IT_MANAGEMENT.form.edit}
        </Button>
        {user.active ? (
          <ReasonedButton
            reason={refusals.deactivate}
            color="orange"
            aria-label={TEXT.deactivateLabel(name)}
            loading={setActive.isPending && busy(setActive.variables?.id)}
            onClick={() => setActive.mutate({ id: user.id, active: false })}
          >
            {TEXT.deactivate}
          </ReasonedButton>
        ) : (
          <ReasonedButton
            reason={plan.full ? IT_MANAGEMENT.planLimit.users : null}
            aria-label={TEXT.reactivateLabel(name)}
            loading={setActive.isPending && busy(setActive.variables?.id)}
            onClick={() => setActive.mutate({ id: user.id, active: true })}
          >
            {TEXT.reactivate}
          </ReasonedButton>
        )}
        {user.active && !user.passwordChosen && (
          <ReasonedButton
            reason={null}
            variant="subtle"
            aria-label={TEXT.resendInvitationLabel(name)}
            loading={resend.isPending && busy(resend.variables)}
            onClick={() => resend.mutate(user.id)}
          >
            {TEXT.resendInvitation}
          </ReasonedButton>
        )}
        <ConfirmDeleteButton
          name={name}
          onConfirm={() => remove.mutateAsync(user.id)}
          disabled={refusals.remove !== null}
          disabledReason={refusals.remove ?? undefined}
        />
      </Group>
    );
  };

  const columns: DataTableColumn<ManagedUser>[] = [
    {
      key: 'name',
      header: TEXT.name,
      sortKey: 'name',
      // The username under the name: one column less, so the table fits a laptop's width.
      render: (user) => (
        <div>
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{displayName(user)}</Text>
            {user.id === meId && (
              <Badge size="xs" variant="outline">
                {TEXT.you}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {user.username}
          </Text>
        </div>
      ),
    },
    { key: 'email', header: TEXT.email, sortKey: 'email' },
    { key: 'role', header: TEXT.role, sortKey: 'role', render: (user) => IT_BACKOFFICE.roles[user.role] },
    { key: 'status', header: TEXT.status, sortKey: 'status', render: (user) => <StatusBadges user={user} /> },
    { key: 'stores', header: TEXT.stores, render: (user) => storesLabel(user, stores) },
    { key: 'actions', header: IT_MANAGEMENT.table.actions, render: actions },
  ];

  return (
    <DataTable
      caption={TEXT.caption}
      rows={page.items}
      rowKey={(user) => user.id}
      columns={columns}
      server={{ ...paging, total: page.total }}
      emptyText={TEXT.empty}
    />
  );
}

import { Button } from '@mantine/core';
import { useState } from 'react';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { can } from '@incontra/contracts/permissions';
import { EntityModal } from '../../../app/management/entity-modal';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useRequiredUser } from '../../auth/hooks/use-required-user';
import { useStores } from '../../../api/stores/get-stores';
import { StoreForm } from './store-form';
import { StoresTable } from './stores-table';

const TEXT = IT_STORES.stores;

/** «Punti vendita»: the stores; an admin creates, changes and deletes them, an operator reads. */
export function StoresPage() {
  const user = useRequiredUser();
  const stores = useStores();
  const manages = can(user.role, 'manageStores');
  // The store being changed, 'new' while one is being created, null when no form is open.
  const [editing, setEditing] = useState<ManagedStore | 'new' | null>(null);
  const close = () => setEditing(null);

  return (
    <>
      <PageHeader
        title={IT_MANAGEMENT.nav.stores}
        description={manages ? TEXT.description : TEXT.readOnly}
        actions={manages && <Button onClick={() => setEditing('new')}>{TEXT.create}</Button>}
      />
      <QueryState query={stores}>{(rows) => <StoresTable stores={rows} onEdit={manages ? setEditing : undefined} />}</QueryState>
      <EntityModal opened={editing !== null} onClose={close} title={editing === 'new' || editing === null ? TEXT.createTitle : TEXT.editTitle(editing.name)}>
        {editing !== null && <StoreForm key={editing === 'new' ? 'new' : editing.id} store={editing === 'new' ? null : editing} onDone={close} />}
      </EntityModal>
    </>
  );
}

import { NativeSelect, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { can } from '@incontra/contracts/permissions';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useRequiredUser } from '../../auth/hooks/use-required-user';
import { useStores } from '../../../api/stores/get-stores';
import { StoreTopics } from './store-topics';

const TEXT = IT_STORES.topics;
/** The chosen store is in the address (?punto-vendita=…): a reload or a shared link keeps it. */
const STORE_PARAM = 'punto-vendita';

/** «Argomenti»: choose a store, then its topics; an admin creates, changes and deletes them. */
export function TopicsPage() {
  const user = useRequiredUser();
  const stores = useStores();
  const manages = can(user.role, 'manageTopics');
  return (
    <>
      <PageHeader title={IT_MANAGEMENT.nav.topics} description={manages ? TEXT.description : TEXT.readOnly} />
      <QueryState query={stores}>
        {(rows) => (rows.length === 0 ? <Text c="dimmed">{TEXT.noStores}</Text> : <ChosenStore stores={rows} manages={manages} />)}
      </QueryState>
    </>
  );
}

function ChosenStore({ stores, manages }: { stores: ManagedStore[]; manages: boolean }) {
  const [params, setParams] = useSearchParams();
  const store = stores.find((row) => row.id === params.get(STORE_PARAM)) ?? stores[0]!;
  return (
    <>
      <NativeSelect
        label={TEXT.store}
        value={store.id}
        onChange={(event) => setParams({ [STORE_PARAM]: event.currentTarget.value }, { replace: true })}
        data={stores.map((row) => ({ value: row.id, label: row.name }))}
        maw={360}
        mb="md"
      />
      <StoreTopics key={store.id} store={store} manages={manages} />
    </>
  );
}

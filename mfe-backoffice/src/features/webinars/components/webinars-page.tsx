import { Button, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { WEBINAR_STATUSES, type WebinarStatus } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';
import { ROUTES } from '@incontra/contracts/routes';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { useStores } from '../../../api/stores/get-stores';
import { useWebinars } from '../api/get-webinars';
import { WebinarsTable } from './webinars-table';

const TEXT = IT_WEBINAR_BACKOFFICE.list;
const STATUS_OPTIONS = [{ value: '', label: TEXT.allStatuses }, ...WEBINAR_STATUSES.map((status) => ({ value: status, label: IT_WEBINARS.status[status] }))];

/** «Webinar»: the webinars of the stores served, by store and status, newest start first; «Nuovo webinar» opens the editor. */
export function WebinarsPage() {
  const [storeId, setStoreId] = useState('');
  const [status, setStatus] = useState<WebinarStatus | ''>('');
  const webinars = useWebinars({ storeId: storeId || undefined, status: status || undefined });
  const stores = useStores();
  const storeOptions = [{ value: '', label: TEXT.allStores }, ...(stores.data ?? []).map((store) => ({ value: store.id, label: store.name }))];

  return (
    <Stack gap="md">
      <PageHeader
        title={IT_WEBINAR_BACKOFFICE.nav}
        description={TEXT.description}
        actions={
          <Button component={Link} to={`${ROUTES.webinars}/nuovo`}>
            {TEXT.create}
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
        <NativeSelect label={TEXT.store} value={storeId} onChange={(event) => setStoreId(event.currentTarget.value)} data={storeOptions} />
        <NativeSelect
          label={TEXT.status}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as WebinarStatus | '')}
          data={STATUS_OPTIONS}
        />
      </SimpleGrid>
      <QueryState query={webinars}>{(data) => <WebinarsTable webinars={data.webinars} filtered={storeId !== '' || status !== ''} />}</QueryState>
    </Stack>
  );
}

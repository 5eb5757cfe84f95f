import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { UserRole } from '@incontra/contracts/api/auth';
import type { PosCreateForm } from '@incontra/contracts/api/pos';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { can } from '@incontra/contracts/permissions';
import { QueryState } from '../../../app/query-state';
import { TestModeNotice } from '@incontra/mfe-kit/payments/test-mode-notice';
import { usePosForm } from '../api/get-pos-form';
import { usePosChanges } from '../hooks/use-pos-changes';
import { ExpirySetting } from './expiry-setting';
import { OnlinePaymentsSection } from './online-payments-section';
import { RequestDialog, type RequestDialogView } from './request-dialog';
import { RequestsList } from './requests-list';

const T = IT_POS_PAGES;

/** Why no request can be made now, or null when one can. */
function blockedReason(form: PosCreateForm): string | null {
  if (form.stores.length === 0) return T.create.noStores;
  if (!form.canTakePayments) return T.create.cannotTake;
  return null;
}

function PointOfSale({ form, role }: { form: PosCreateForm; role: UserRole }) {
  const [dialog, setDialog] = useState<RequestDialogView | null>(null);
  const blocked = blockedReason(form);
  // The same permissions as the API's lines for these calls.
  const managesAccount = can(role, 'manageSubscription');
  const managesSettings = can(role, 'manageCompany');
  return (
    <Stack gap="xl">
      {form.paymentMode === 'test' && <TestModeNotice />}
      <Stack gap="sm" align="flex-start">
        <Text>{T.intro}</Text>
        {blocked && (
          <Alert color="gray" role="note">
            {blocked}
          </Alert>
        )}
        <Button onClick={() => setDialog({ kind: 'new' })} disabled={blocked !== null}>
          {T.create.open}
        </Button>
      </Stack>
      <RequestsList stores={form.stores} onOpen={(id) => setDialog({ kind: 'request', id })} />
      {managesAccount && form.paymentMode === 'stripe' && <OnlinePaymentsSection />}
      {managesSettings && <ExpirySetting />}
      <RequestDialog view={dialog} form={form} onView={setDialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}

/**
 * The point of sale (/admin/pagamenti), for the staff who take payments (takePayments): a new
 * request and its link, the requests of the stores served, live, with their daily totals and CSV;
 * for admins the online payments' account and the requests' expiry.
 */
export function PosPage({ role }: { role: UserRole }) {
  const form = usePosForm();
  usePosChanges();
  return <QueryState query={form}>{(data) => <PointOfSale form={data} role={role} />}</QueryState>;
}

import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PosCreateForm, PosPayment } from '@incontra/contracts/api/pos';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { formatEuro } from '@incontra/contracts/money';
import { ConfirmModal, useConfirmAction } from '@incontra/mfe-kit/confirm-action';
import { ListPager, useFilteredPage } from '@incontra/mfe-kit/list-pager';
import { ResponsiveTable, type ResponsiveColumn } from '@incontra/mfe-kit/responsive-table';
import type { PosFilters } from '../../../api/billing-keys';
import { QueryState } from '../../../app/query-state';
import { useCancelPosPayment } from '../api/cancel-pos-payment';
import { posCsvUrl, usePosPayments } from '../api/get-pos-payments';
import { useDateTime } from '../pos-dates';
import { DailyTotals } from './daily-totals';
import { PosFiltersBar } from './pos-filters';
import { RequestActions } from './request-actions';
import { PosStatusBadge } from './status-badge';

const T = IT_POS_PAGES.list;

/** «Annulla» asks first, naming the amount and what the customer will no longer be able to do. */
function useCancelDialog() {
  const [target, setTarget] = useState<PosPayment | null>(null);
  const cancel = useCancelPosPayment();
  const action = useConfirmAction(async () => {
    if (target) await cancel.mutateAsync(target.id);
  });
  const ask = (payment: PosPayment) => {
    setTarget(payment);
    action.open();
  };
  const dialog = (
    <ConfirmModal
      action={action}
      title={IT_POS_PAGES.cancel.title}
      text={target ? IT_POS_PAGES.cancel.text(formatEuro(target.amount), target.description) : ''}
      keepLabel={IT_POS_PAGES.cancel.keep}
      confirmLabel={IT_POS_PAGES.cancel.confirm}
    />
  );
  return { ask, dialog };
}

/**
 * The requests the filters find, a page at a time, with the daily totals of those paid and the
 * CSV of all of them. A description opens the request (its link and QR code again).
 */
export function RequestsList({ stores, onOpen }: { stores: PosCreateForm['stores']; onOpen: (id: string) => void }) {
  const dateTime = useDateTime();
  const [filters, setFilters] = useState<PosFilters>({});
  const [page, setPage] = useFilteredPage(filters);
  const payments = usePosPayments(filters, page);
  const cancelDialog = useCancelDialog();
  const total = payments.data?.total ?? 0;

  const columns: ResponsiveColumn<PosPayment>[] = [
    { key: 'createdAt', header: T.columns.createdAt, render: (payment) => <time dateTime={payment.createdAt}>{dateTime(payment.createdAt)}</time> },
    { key: 'store', header: T.columns.store, render: (payment) => payment.storeName },
    {
      key: 'description',
      header: T.columns.description,
      render: (payment) => (
        <Anchor component="button" type="button" onClick={() => onOpen(payment.id)} aria-label={T.open(payment.description)} ta="start" fw={500}>
          {payment.description}
        </Anchor>
      ),
    },
    { key: 'amount', header: T.columns.amount, render: (payment) => formatEuro(payment.amount) },
    { key: 'status', header: T.columns.status, render: (payment) => <PosStatusBadge status={payment.status} /> },
    { key: 'actions', header: T.columns.actions, render: (payment) => <RequestActions payment={payment} onCancel={cancelDialog.ask} /> },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <PosFiltersBar values={filters} onChange={setFilters} stores={stores} />
        <Button component="a" href={posCsvUrl(filters)} download variant="light">
          {T.exportCsv}
        </Button>
      </Group>
      <QueryState query={payments}>
        {({ items, dailyTotals }) => (
          <Stack gap="lg" aria-busy={payments.isPlaceholderData}>
            <DailyTotals totals={dailyTotals} />
            <Stack gap="xs" component="section" aria-labelledby="pos-requests-title">
              <Title order={2} size="h3" id="pos-requests-title">
                {T.title}
              </Title>
              {items.length === 0 ? (
                <Text c="dimmed" ta="center" py="xl" role="status">
                  {T.empty}
                </Text>
              ) : (
                <ResponsiveTable caption={T.caption} columns={columns} rows={items} rowKey={(payment) => payment.id} />
              )}
              <ListPager page={page} total={total} shown={items.length} onChange={setPage} />
            </Stack>
          </Stack>
        )}
      </QueryState>
      {cancelDialog.dialog}
    </Stack>
  );
}

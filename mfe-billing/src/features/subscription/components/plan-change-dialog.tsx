import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CheckoutPreview, Money, Plan } from '@incontra/contracts/api/subscription';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { QueryState } from '../../../app/query-state';
import { TestModeNotice } from '@incontra/mfe-kit/payments/test-mode-notice';
import { formatPrice } from '../../../utils/format';
import { useCompanyDates } from '../../../utils/use-company-dates';
import { useCheckout } from '../api/checkout';
import { useCheckoutPreview } from '../api/get-checkout-preview';

const T = IT_BILLING_PAGES.preview;

function MoneyTable({ caption, money, vatRate }: { caption: string; money: Money; vatRate: number }) {
  return (
    <Table withTableBorder>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'start', fontWeight: 600 }}>{caption}</Table.Caption>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{T.net}</Table.Th>
          <Table.Td ta="end">{formatPrice(money.net)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">{T.vat(vatRate)}</Table.Th>
          <Table.Td ta="end">{formatPrice(money.vat)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">{T.total}</Table.Th>
          <Table.Td ta="end" fw={700}>
            {formatPrice(money.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function PreviewFigures({ preview, vatRate }: { preview: CheckoutPreview; vatRate: number }) {
  const { long: formatDate } = useCompanyDates();
  return (
    <Stack gap="sm">
      {preview.change === 'downgrade' ? (
        <Text fw={600}>{T.nothingNow(formatDate(preview.effectiveAt), preview.plan.name)}</Text>
      ) : (
        <>
          <MoneyTable caption={T.dueNow} money={preview.dueNow} vatRate={vatRate} />
          <Text size="sm">{T.dueNowFrom(formatDate(preview.effectiveAt))}</Text>
          {preview.change === 'upgrade' && <Text size="sm">{T.upgradeNote}</Text>}
        </>
      )}
      <MoneyTable caption={T.nextPeriod(formatDate(preview.nextPeriodStartsAt))} money={preview.nextPeriod} vatRate={vatRate} />
    </Stack>
  );
}

export interface PlanChangeDialogProps {
  plan: Plan;
  vatRate: number;
  /** The built-in test mode: the dialog says that nothing is really charged. */
  testMode: boolean;
  opened: boolean;
  /** `changed`: the change went through (the button that opened the dialog may be gone: the caller moves the focus). */
  onClose: (changed: boolean) => void;
}

/**
 * The preview before a change of plan, read from the API (what is charged now and from when, what
 * the next periods cost, VAT shown); «Conferma» makes the change. A declined card's message stays
 * in the dialog. The way out has the focus when it opens.
 */
export function PlanChangeDialog({ plan, vatRate, testMode, opened, onClose }: PlanChangeDialogProps) {
  const preview = useCheckoutPreview(plan.id, opened);
  const checkout = useCheckout();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setError(null);
  }, [opened]);

  const confirm = (figures: CheckoutPreview) => {
    setError(null);
    checkout.mutate(figures, {
      onSuccess: () => onClose(true),
      onError: (cause) => setError(apiErrorMessage(cause)),
    });
  };
  const close = () => {
    if (!checkout.isPending) onClose(false);
  };

  return (
    <Modal opened={opened} onClose={close} title={T.title(plan.name)} centered trapFocus returnFocus={false}>
      <Stack gap="md">
        {testMode && <TestModeNotice />}
        <div aria-live="polite" aria-busy={preview.isPending}>
          <QueryState query={preview}>{(figures) => <PreviewFigures preview={figures} vatRate={vatRate} />}</QueryState>
        </div>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={checkout.isPending} data-autofocus>
            {T.keep}
          </Button>
          <Button onClick={() => preview.data && confirm(preview.data)} disabled={!preview.data || preview.isFetching} loading={checkout.isPending}>
            {T.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

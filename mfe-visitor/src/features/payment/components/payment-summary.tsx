import { Stack, Text } from '@mantine/core';
import type { PosRequestView } from '@incontra/contracts/api/pos';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { whenText } from '@incontra/contracts/messages/it-when';
import { formatEuro } from '@incontra/contracts/money';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

const T = IT_PAYMENT_PAGES.page;

function Line({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** Who asks, for what and how much; until when, while it can be paid (on the company's clock). */
export function PaymentSummary({ view }: { view: PosRequestView }) {
  const { company } = useMfeProps();
  return (
    <Stack gap="sm">
      <Text>{T.from(view.companyName, view.storeName)}</Text>
      <Stack component="dl" gap="xs" m={0}>
        <Line label={T.descriptionLabel} value={view.description} testId="payment-description" />
        <Line label={T.amountLabel} value={formatEuro(view.amount)} testId="payment-amount" />
        {view.status === 'requested' && <Line label={T.expiresLabel} value={whenText(view.expiresAt, company.timeZone)} testId="payment-expires" />}
      </Stack>
    </Stack>
  );
}

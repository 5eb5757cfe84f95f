import { Badge, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { formatEuro } from '@incontra/contracts/money';
import { ROUTES } from '@incontra/contracts/routes';
import type { ChatPayment } from '../store/chat-slice';
import { usePosPaymentStatus } from '../api/pos-payments';

const T = IT_PAYMENT_PAGES.room;

const STATUS_TEXT = { requested: T.waiting, paid: T.paid, cancelled: T.cancelled, expired: T.expired } as const;
const STATUS_COLOR = { requested: 'yellow', paid: 'green', cancelled: 'gray', expired: 'gray' } as const;

/** The staff member's own request: its status, «In attesa di pagamento» until the customer pays. */
function RequestStatus({ paymentId }: { paymentId: string }) {
  const status = usePosPaymentStatus(paymentId).data?.status ?? 'requested';
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="payment-status" role="status">
      {STATUS_TEXT[status]}
    </Badge>
  );
}

/**
 * A payment request in the chat: what and how much; the others get «Paga 25,00 €», opening the
 * payment page in a new tab (a path of this site built from the token, never a link from the
 * message), the staff member who sent it its status.
 */
export function PaymentCard({ payment, mine }: { payment: ChatPayment; mine: boolean }) {
  const amount = formatEuro(payment.amount);
  return (
    <Stack gap={6} data-testid="payment-card" aria-label={T.cardLabel} role="group">
      <Text size="xs" c="dimmed" fw={600}>
        {T.cardLabel}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {payment.description}
      </Text>
      <Text fw={700}>{amount}</Text>
      {mine ? (
        <RequestStatus paymentId={payment.paymentId} />
      ) : (
        <Button
          component="a"
          href={`${ROUTES.payment}/${encodeURIComponent(payment.token)}`}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          w="fit-content"
        >
          {T.pay(amount)}
          <VisuallyHidden>{` ${T.opensNewTab}`}</VisuallyHidden>
        </Button>
      )}
    </Stack>
  );
}

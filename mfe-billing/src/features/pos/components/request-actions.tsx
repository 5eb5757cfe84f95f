import { Button, Group } from '@mantine/core';
import type { PosPayment } from '@incontra/contracts/api/pos';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useVerifyPosPayment } from '../api/verify-pos-payment';

const T = IT_POS_PAGES.actions;

/** An unpaid request's actions: «Verifica» asks the provider again, «Annulla» asks first (the page's dialog). */
export function RequestActions({ payment, onCancel }: { payment: PosPayment; onCancel: (payment: PosPayment) => void }) {
  const { notify } = useMfeProps();
  const verify = useVerifyPosPayment();
  if (payment.status !== 'requested') return null;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="compact-sm"
        variant="light"
        aria-label={T.verifyOf(payment.description)}
        loading={verify.isPending}
        onClick={() => verify.mutate(payment.id, { onError: (error) => notify.show({ kind: 'error', message: apiErrorMessage(error) }) })}
      >
        {T.verify}
      </Button>
      <Button size="compact-sm" variant="light" color="red" aria-label={T.cancelOf(payment.description)} onClick={() => onCancel(payment)}>
        {T.cancel}
      </Button>
    </Group>
  );
}

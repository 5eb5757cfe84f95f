import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UndeliveredMail } from '@incontra/contracts/api/mail';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { mailKeys } from '../api/mail-keys';
import { retryUndeliveredMail } from '../api/retry-undelivered-mail';

const T = IT_BACKOFFICE.undeliveredMail;

/**
 * «Riprova»: one delivery now. The API answers 200 whether the server took it or not, so the
 * toast says which from `sentAt`; either way the list is read again (a sent e-mail leaves it).
 */
export function RetryButton({ mail }: { mail: UndeliveredMail }) {
  const { company, notify } = useMfeProps();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryUndeliveredMail(mail.id),
    onSuccess: (after) => {
      notify.show(after.sentAt ? { kind: 'success', message: T.retrySent(after.to) } : { kind: 'error', message: T.retryFailed(after.to) });
    },
    onError: (error) => notify.show({ kind: 'error', message: apiErrorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.undelivered(company.id) }),
  });
  return (
    <Button variant="light" size="xs" loading={retry.isPending} onClick={() => retry.mutate()} aria-label={T.retryLabel(mail.to, mail.subject)}>
      {T.retry}
    </Button>
  );
}

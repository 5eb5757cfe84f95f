import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Subscription } from '@incontra/contracts/api/subscription';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { ConfirmModal, useConfirmAction } from '@incontra/mfe-kit/confirm-action';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useCompanyDates } from '../../../utils/use-company-dates';
import { useCancelSubscription } from '../api/cancel-subscription';

const T = IT_BILLING_PAGES;

/**
 * What the status means and what to do about it: the trial's end, the renewal, a failed charge
 * with the date the subscription will be cancelled, a cancelled one, a cancellation at the
 * period's end. Admins (`canManage`) get the cancellation of a paid subscription (a trial has
 * nothing to cancel: it ends by itself) and its undo.
 */
export function SubscriptionState({
  subscription,
  canManage,
  onUpdateCard,
}: {
  subscription: Subscription;
  canManage: boolean;
  /** Opens the page's card form: a failed charge's way out, beside its notice. */
  onUpdateCard?: () => void;
}) {
  const dates = useCompanyDates();
  const end = subscription.currentPeriodEndsAt ? dates.long(subscription.currentPeriodEndsAt) : null;
  const { status, cancelAtPeriodEnd } = subscription;
  return (
    <Stack gap="sm">
      {status === 'trialing' && subscription.trialEndsAt && <Text>{T.state.trialEnds(dates.long(subscription.trialEndsAt))}</Text>}
      {status === 'active' && !cancelAtPeriodEnd && end && <Text>{T.state.renews(end)}</Text>}
      {status === 'past_due' && (
        <Alert color="red" role="alert" title={T.state.pastDue}>
          <Stack gap="xs" align="flex-start">
            {subscription.graceEndsAt && <Text size="sm">{T.state.pastDueUntil(dates.long(subscription.graceEndsAt))}</Text>}
            {canManage && onUpdateCard && (
              <Button size="xs" color="red" variant="filled" onClick={onUpdateCard}>
                {T.state.updateCard}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {status === 'canceled' && (
        <Alert color="red" role="alert">
          {T.state.canceled}
        </Alert>
      )}
      {subscription.billingOnly && (
        <Alert color="yellow" role="note">
          {T.state.billingOnly}
        </Alert>
      )}
      {cancelAtPeriodEnd && status !== 'canceled' && (
        <Alert color="yellow" role="note">
          {end ? T.state.cancelAtEnd(end) : T.state.cancelAtEndNoDate}
        </Alert>
      )}
      {canManage && (cancelAtPeriodEnd || status === 'active' || status === 'past_due') && <CancelControls subscription={subscription} end={end} />}
    </Stack>
  );
}

function CancelControls({ subscription, end }: { subscription: Subscription; end: string | null }) {
  const { notify } = useMfeProps();
  const cancel = useCancelSubscription();
  const action = useConfirmAction(() => cancel.mutateAsync(false));

  if (subscription.cancelAtPeriodEnd) {
    const undo = () => cancel.mutate(true, { onError: (error) => notify.show({ kind: 'error', message: apiErrorMessage(error) }) });
    return (
      <Button variant="light" onClick={undo} loading={cancel.isPending} w="fit-content">
        {T.cancel.undo}
      </Button>
    );
  }
  return (
    <>
      <Button variant="default" color="red" onClick={action.open} w="fit-content">
        {T.cancel.open}
      </Button>
      <ConfirmModal action={action} title={T.cancel.title} text={T.cancel.text(end)} keepLabel={T.cancel.keep} confirmLabel={T.cancel.confirm} />
    </>
  );
}

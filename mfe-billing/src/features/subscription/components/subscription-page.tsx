import { Alert, Button, EmptyState, Stack } from '@mantine/core';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { useSubscription } from '../api/get-subscription';
import { PlanLimits } from './plan-limits';
import { SubscriptionSummary } from './subscription-summary';

function isMissing(error: Error | null): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

export function SubscriptionPage() {
  const subscription = useSubscription();

  return (
    <div aria-live="polite" aria-busy={subscription.isPending}>
      {subscription.isPending && <PageLoader />}
      {isMissing(subscription.error) && <EmptyState title={IT_BILLING.noSubscription} withIndicatorBackground />}
      {subscription.isError && !isMissing(subscription.error) && (
        <Stack>
          <Alert color="red" role="alert">
            {subscription.error instanceof ApiRequestError && subscription.error.status === 0 ? IT.errors.network : IT.errors.generic}
          </Alert>
          <Button variant="light" onClick={() => void subscription.refetch()} w="fit-content">
            {IT.shell.retry}
          </Button>
        </Stack>
      )}
      {subscription.data && (
        <Stack gap="lg">
          <SubscriptionSummary subscription={subscription.data} />
          <PlanLimits subscription={subscription.data} />
        </Stack>
      )}
    </div>
  );
}

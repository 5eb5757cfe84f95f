import { Alert, Button, EmptyState, Stack } from '@mantine/core';
import { useState } from 'react';
import type { UserRole } from '@incontra/contracts/api/auth';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { can } from '@incontra/contracts/permissions';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { TestModeNotice } from '@incontra/mfe-kit/payments/test-mode-notice';
import { useCard } from '../../../api/get-card';
import { useSubscription } from '../../../api/get-subscription';
import { BillingDataSection } from '../../billing-data/components/billing-data-section';
import { CardSection } from '../../card/components/card-section';
import { PaymentsSection } from '../../payments/components/payments-section';
import { PlanLimits } from './plan-limits';
import { PlansList } from './plans-list';
import { SubscriptionSummary } from './subscription-summary';

function isMissing(error: Error | null): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/**
 * The subscription page: its state for everyone; for admins (manageSubscription) the plans with
 * their buttons, the card, the invoicing data and the payments. An operator reads the summary only.
 */
export function SubscriptionPage({ role }: { role: UserRole }) {
  const subscription = useSubscription();
  const canManage = can(role, 'manageSubscription');
  const card = useCard(canManage && subscription.isSuccess);
  // Each ask of «Aggiorna la carta» (a failed charge's notice) opens the card form again.
  const [cardFormAsked, setCardFormAsked] = useState(0);

  return (
    <div aria-busy={subscription.isPending}>
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
        <Stack gap="xl">
          {canManage && subscription.data.paymentMode === 'test' && <TestModeNotice />}
          <SubscriptionSummary subscription={subscription.data} canManage={canManage} onUpdateCard={() => setCardFormAsked((asked) => asked + 1)} />
          <PlanLimits subscription={subscription.data} />
          {canManage ? (
            <>
              <PlansList subscription={subscription.data} canManage hasCard={card.data ? card.data.card !== null : true} />
              <CardSection paymentMode={subscription.data.paymentMode} card={card} openAsked={cardFormAsked} />
              <BillingDataSection />
              <PaymentsSection />
            </>
          ) : (
            <Alert color="gray" role="note">
              {IT_BILLING_PAGES.state.adminOnly}
            </Alert>
          )}
        </Stack>
      )}
    </div>
  );
}

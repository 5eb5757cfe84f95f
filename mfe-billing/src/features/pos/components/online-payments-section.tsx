import { Alert, Button, Stack, Text } from '@mantine/core';
import type { PaymentAccount } from '@incontra/contracts/api/customer-payments';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { PageSection } from '../../../app/page-section';
import { QueryState } from '../../../app/query-state';
import { usePaymentAccount } from '../api/get-payment-account';
import { useStartOnboarding } from '../api/start-onboarding';
import { browserLocation } from '../browser-location';

const T = IT_POS_PAGES.online;

function AccountState({ account }: { account: PaymentAccount }) {
  const onboarding = useStartOnboarding((url) => browserLocation.assign(url));
  if (account.canTakePayments) return <Text>{T.ready}</Text>;
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{account.detailsSubmitted ? T.pending : T.missing}</Text>
      {onboarding.isError && (
        <Alert color="red" role="alert">
          {apiErrorMessage(onboarding.error)}
        </Alert>
      )}
      {/* Still loading once the link is known: the browser is leaving for Stripe. */}
      <Button onClick={() => onboarding.mutate()} loading={onboarding.isPending || onboarding.isSuccess}>
        {T.setUp}
      </Button>
    </Stack>
  );
}

/** Admins, with Stripe: the company's own account that receives its customers' payments, and the way to set it up. */
export function OnlinePaymentsSection() {
  const account = usePaymentAccount();
  return (
    <PageSection titleId="pos-online-title" title={T.title}>
      <QueryState query={account}>{(data) => <AccountState account={data} />}</QueryState>
    </PageSection>
  );
}

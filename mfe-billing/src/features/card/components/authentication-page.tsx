import { Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import type { TestAuthentication } from '@incontra/contracts/api/test-payments';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { queryKeys } from '@incontra/contracts/query-keys';
import { isOwnedBy, ROUTES, safeNextPath } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { answerTestAuthentication } from '@incontra/mfe-kit/payments/test-authentication-api';
import { TestAuthenticationRequest } from '@incontra/mfe-kit/payments/test-authentication-request';
import { TestModeNotice } from '@incontra/mfe-kit/payments/test-mode-notice';
import { billingKeys } from '../../../api/billing-keys';
import { QueryState } from '../../../app/query-state';
import { StaffPage } from '../../../app/staff-page';
import { useTestAuthentication } from '../api/get-test-authentication';
import { saveCard } from '../api/save-card';

const T = IT_BILLING_PAGES.authentication;

/** Where the page leads once answered: the API's `returnTo` when it is a path of this site, else the subscription. */
function returnPath(authentication: TestAuthentication): string {
  return safeNextPath(authentication.returnTo) ?? ROUTES.billing;
}

/**
 * Approves or refuses; a card set up for the subscription (it returns to the subscription page)
 * approved becomes the card on file, as the form would have made it without the authentication.
 */
function useAnswer(token: string) {
  const { company, notify } = useMfeProps();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (approve: boolean) => {
      const answered = await answerTestAuthentication(token, approve);
      const savesCard = answered.status === 'succeeded' && answered.amount === null && isOwnedBy('billing', returnPath(answered));
      if (savesCard) await saveCard(token);
      return answered;
    },
    onSuccess: async (answered) => {
      const cardSetUp = answered.amount === null;
      if (answered.status === 'succeeded') notify.show({ kind: 'success', message: cardSetUp ? IT_BILLING_PAGES.card.saved : T.approved });
      else notify.show({ kind: 'info', message: cardSetUp ? IT_BILLING_PAGES.card.refused : T.refused });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription(company.id) }),
        queryClient.invalidateQueries({ queryKey: billingKeys.all(company.id) }),
      ]);
    },
  });
}

function AuthenticationRequest({ token, authentication }: { token: string; authentication: TestAuthentication }) {
  const navigate = useNavigate();
  const { navigate: shellNavigate } = useMfeProps();
  const answer = useAnswer(token);
  const goBack = (path: string) => (isOwnedBy('billing', path) ? navigate(path) : shellNavigate(path));
  return (
    <TestAuthenticationRequest
      authentication={authentication}
      onAnswer={(approve) => answer.mutate(approve, { onSuccess: (answered) => goBack(returnPath(answered)) })}
      answering={answer.isPending ? (answer.variables ?? null) : null}
      error={answer.error}
      onBack={() => goBack(returnPath(authentication))}
      backLabel={T.back}
    />
  );
}

/** The test mode's stand-in for a bank's 3-D Secure page (/admin/abbonamento/autenticazione/{token}). */
export function AuthenticationPage() {
  const { token = '' } = useParams();
  return <StaffPage title={T.title}>{() => <AuthenticationContent token={token} />}</StaffPage>;
}

function AuthenticationContent({ token }: { token: string }) {
  const authentication = useTestAuthentication(token);
  return (
    <Stack gap="md">
      <TestModeNotice />
      <QueryState query={authentication}>{(data) => <AuthenticationRequest token={token} authentication={data} />}</QueryState>
    </Stack>
  );
}

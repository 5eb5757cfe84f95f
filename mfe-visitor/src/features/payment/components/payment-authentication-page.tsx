import { Container, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import type { TestAuthentication } from '@incontra/contracts/api/test-payments';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { isOwnedBy, ROUTES, safeNextPath } from '@incontra/contracts/routes';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { answerTestAuthentication, getTestAuthentication } from '@incontra/mfe-kit/payments/test-authentication-api';
import { TestAuthenticationRequest } from '@incontra/mfe-kit/payments/test-authentication-request';
import { TestModeNotice } from '@incontra/mfe-kit/payments/test-mode-notice';
import { useDocumentTitle } from '@incontra/mfe-kit/use-document-title';
import { RetryAlert } from '../../../app/retry-alert';

const T = IT_PAYMENT_PAGES.authentication;

/** Where the page leads once answered: the API's `returnTo` when it is a path of this site, else the home page. */
const returnPath = (authentication: TestAuthentication) => safeNextPath(authentication.returnTo) ?? ROUTES.welcome;

/**
 * `/pagamento/autenticazione/{token}`: the test mode's stand-in for the customer's bank asking to
 * authorise a payment (public: the token is the capability). Either answer returns to the
 * payment's page, which reads the request again.
 */
export function PaymentAuthenticationPage() {
  const { company, navigate: shellNavigate } = useMfeProps();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle(IT_VISITOR_PAGES.documentTitle(T.title, company.name));
  const authentication = useQuery({
    queryKey: ['company', company.id, 'test-authentications', token],
    queryFn: ({ signal }) => getTestAuthentication(token, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const goBack = (path: string) => {
    // The payment's page reads its request afresh: the answer changed it.
    void queryClient.invalidateQueries({ queryKey: ['company', company.id, 'pos-requests'] });
    if (isOwnedBy('visitor', path)) navigate(path);
    else shellNavigate(path);
  };
  const answer = useMutation({
    mutationFn: (approve: boolean) => answerTestAuthentication(token, approve),
    onSuccess: (answered) => goBack(returnPath(answered)),
  });

  return (
    <Container size="xs" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>{T.title}</Title>
        <TestModeNotice />
        {authentication.data ? (
          <TestAuthenticationRequest
            authentication={authentication.data}
            onAnswer={(approve) => answer.mutate(approve)}
            answering={answer.isPending ? (answer.variables ?? null) : null}
            error={answer.error}
            onBack={() => authentication.data && goBack(returnPath(authentication.data))}
            backLabel={T.back}
          />
        ) : authentication.isPending ? (
          <PageLoader minHeight={120} />
        ) : (
          <RetryAlert title={apiErrorMessage(authentication.error)} onRetry={() => void authentication.refetch()} />
        )}
      </Stack>
    </Container>
  );
}

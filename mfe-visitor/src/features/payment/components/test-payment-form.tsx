import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { PosRequestView } from '@incontra/contracts/api/pos';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { formatEuro } from '@incontra/contracts/money';
import { isOwnedBy, ROUTES, safeNextPath } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { TestCardForm, type TestCardFields } from '@incontra/mfe-kit/payments/test-card-form';
import { payTestCard } from '../api/pay-test-card';
import { verifyPayment } from '../api/payment-request';

const T = IT_PAYMENT_PAGES.page;

type Outcome = { kind: 'verified'; view: PosRequestView } | { kind: 'authenticate'; path: string };

/** The confirmation page as a path of this site: the API's, or ours for the token when it gave none usable. */
function authenticationPath(token: string, url: string): string {
  return safeNextPath(url) ?? `${ROUTES.paymentAuthentication}/${encodeURIComponent(token)}`;
}

/**
 * The test mode's card for a request: paid → the API verifies it and the page shows it paid; a
 * card asking for authentication → its confirmation page, which returns here; declined → the
 * card form says why.
 */
export function TestPaymentForm({
  token,
  view,
  clientSecret,
  onVerified,
}: {
  token: string;
  view: PosRequestView;
  clientSecret: string;
  onVerified(view: PosRequestView): void;
}) {
  const navigate = useNavigate();
  const { navigate: shellNavigate } = useMfeProps();
  const returnTo = `${ROUTES.payment}/${encodeURIComponent(token)}`;
  const pay = useMutation({
    mutationFn: async (fields: TestCardFields): Promise<Outcome> => {
      const answer = await payTestCard({ clientSecret, ...fields, returnTo });
      if (answer.status === 'requires_action') return { kind: 'authenticate', path: authenticationPath(answer.token, answer.authenticationUrl) };
      return { kind: 'verified', view: await verifyPayment(token) };
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'verified') onVerified(outcome.view);
      else if (isOwnedBy('visitor', outcome.path)) navigate(outcome.path);
      else shellNavigate(outcome.path);
    },
  });
  return (
    <TestCardForm
      title={T.cardTitle}
      titleOrder={2}
      submitLabel={T.pay(formatEuro(view.amount))}
      pending={pay.isPending}
      error={pay.error}
      onSubmit={(fields) => pay.mutate(fields)}
    />
  );
}

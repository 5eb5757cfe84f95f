import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { PosRequestView } from '@incontra/contracts/api/pos';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { IT_POS } from '@incontra/contracts/messages/it-pos';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { whenText } from '@incontra/contracts/messages/it-when';
import { apiErrorMessage, isApiStatus } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { useDocumentTitle } from '@incontra/mfe-kit/use-document-title';
import { RetryAlert } from '../../../app/retry-alert';
import { paymentRequestKey, STRIPE_RETURN_PARAMS, usePaymentRequest, type StripeReturn } from '../api/payment-request';
import { PaymentSummary } from './payment-summary';
import { TestPaymentForm } from './test-payment-form';

const T = IT_PAYMENT_PAGES.page;

// Stripe's React bindings and Stripe.js only for a request paid through Stripe.
const StripePaymentForm = lazy(() =>
  import(/* webpackChunkName: "stripe-payment-form" */ './stripe-payment-form').then((module) => ({ default: module.StripePaymentForm })),
);

function Frame({ children }: { children: ReactNode }) {
  return (
    <Container size="xs" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>{T.title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

/** «Pagato» with the day: it takes the focus when it replaces the card form, so the customer hears it. */
function PaidState({ view, focus }: { view: PosRequestView; focus: boolean }) {
  const { company } = useMfeProps();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <Alert color="green" role="status" data-testid="payment-paid">
      <Title order={2} size="h3" ref={heading} tabIndex={-1}>
        {T.paid}
      </Title>
      {view.paidAt && <Text mt="xs">{T.paidOn(whenText(view.paidAt, company.timeZone))}</Text>}
    </Alert>
  );
}

function PaymentState({
  token,
  view,
  justPaid,
  onVerified,
}: {
  token: string;
  view: PosRequestView;
  justPaid: boolean;
  onVerified(view: PosRequestView): void;
}) {
  switch (view.status) {
    case 'paid':
      return <PaidState view={view} focus={justPaid} />;
    case 'cancelled':
      return <Text data-testid="payment-cancelled">{T.cancelled}</Text>;
    case 'expired':
      return <Text data-testid="payment-expired">{T.expired}</Text>;
    case 'requested': {
      const { payment } = view;
      if (!payment) return <Text data-testid="payment-expired">{T.expired}</Text>;
      if (view.paymentMode === 'test') return <TestPaymentForm token={token} view={view} clientSecret={payment.clientSecret} onVerified={onVerified} />;
      return (
        <Suspense fallback={<PageLoader minHeight={80} />}>
          <StripePaymentForm token={token} view={view} payment={payment} onVerified={onVerified} />
        </Suspense>
      );
    }
  }
}

/** Stripe's parameters on the address: the customer is back from a bank's page. */
function useStripeReturn(): StripeReturn | null {
  const [params] = useSearchParams();
  return useMemo(() => {
    const found: StripeReturn = {};
    for (const name of STRIPE_RETURN_PARAMS) {
      const value = params.get(name);
      if (value) found[name] = value;
    }
    return Object.keys(found).length > 0 ? found : null;
  }, [params]);
}

/**
 * `/pagamento/{token}`: a payment request for its customer (the link or QR code staff sent, the
 * chat card of a video call). Who asks, what and how much, and the card form while it can be
 * paid: ours in test mode, Stripe's otherwise; paid, cancelled and expired said as such.
 */
export function PaymentPage() {
  const { company } = useMfeProps();
  const { token = '' } = useParams();
  const stripeReturn = useStripeReturn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const request = usePaymentRequest(token, stripeReturn);
  /** What this page's own payment came to: «Pagato» takes the focus, a payment still processing is said. */
  const [verifiedHere, setVerifiedHere] = useState<PosRequestView['status'] | null>(null);
  useDocumentTitle(IT_VISITOR_PAGES.documentTitle(T.title, company.name));

  // Back from Stripe the verification was the read: the address loses Stripe's parameters (a reload reads the request again).
  const verified = Boolean(stripeReturn && request.data);
  useEffect(() => {
    if (verified) navigate({ search: '' }, { replace: true });
  }, [verified, navigate]);

  const showVerified = (view: PosRequestView) => {
    setVerifiedHere(view.status);
    queryClient.setQueryData(paymentRequestKey(company.id, token), view);
  };

  if (request.data) {
    const view = request.data;
    return (
      <Frame>
        <PaymentSummary view={view} />
        {view.status === 'requested' && verifiedHere === 'requested' && <Text role="status">{T.notPaidYet}</Text>}
        <PaymentState token={token} view={view} justPaid={verifiedHere === 'paid'} onVerified={showVerified} />
      </Frame>
    );
  }
  if (request.isPending) {
    return (
      <Frame>
        <PageLoader minHeight={160} />
      </Frame>
    );
  }
  if (isApiStatus(request.error, 404) || isApiStatus(request.error, 400)) {
    return (
      <Frame>
        <Text data-testid="payment-link-invalid">{IT_POS.linkInvalid}</Text>
      </Frame>
    );
  }
  return (
    <Frame>
      <RetryAlert title={apiErrorMessage(request.error)} onRetry={() => void request.refetch()} />
    </Frame>
  );
}

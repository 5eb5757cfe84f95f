import { Button, Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentAnswer, PaymentMode } from '@incontra/contracts/api/subscription';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { PageLoader } from '@incontra/mfe-kit/page-loader';
import { PageSection } from '../../../app/page-section';
import { QueryState } from '../../../app/query-state';
import { cardBrandName } from '../../../utils/format';
import { TestCardForm } from './test-card-form';

const T = IT_BILLING_PAGES.card;
const TITLE_ID = 'billing-card-title';

// Stripe's form (and its React bindings) only for a company that pays through Stripe, when it opens the form.
const StripeCardForm = lazy(() =>
  import(/* webpackChunkName: "stripe-card-form" */ './stripe-card-form').then((module) => ({ default: module.StripeCardForm })),
);

/**
 * The card on file (brand, last four, expiry) or none, and the form that adds or replaces it: ours
 * in test mode, Stripe's Payment Element otherwise. Closing the form gives the focus back to the
 * button that opened it.
 */
export function CardSection({
  paymentMode,
  card,
  openAsked = 0,
}: {
  paymentMode: PaymentMode;
  card: UseQueryResult<PaymentAnswer>;
  /** Counts the asks from elsewhere on the page to open the form (a failed charge's notice): each one opens it and brings it into view. */
  openAsked?: number;
}) {
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (openAsked === 0) return;
    setEditing(true);
    document.getElementById(TITLE_ID)?.scrollIntoView?.({ block: 'start' });
  }, [openAsked]);
  // The button takes the focus back whenever it mounts after the form closed: once at the close,
  // and again if the card's refetch (a saved card) redraws the section. A move away clears it.
  const focusWhenMounted = useRef(false);
  const openButton = useCallback((node: HTMLButtonElement | null) => {
    if (node && focusWhenMounted.current) node.focus();
  }, []);
  const close = () => {
    focusWhenMounted.current = true;
    setEditing(false);
  };
  return (
    <PageSection titleId={TITLE_ID} title={T.title}>
      <QueryState query={card}>
        {({ card: onFile }) => (
          <Stack gap="sm">
            {onFile ? (
              <Group gap="md">
                <Text fw={600}>{T.onFile(cardBrandName(onFile.brand), onFile.last4)}</Text>
                <Text c="dimmed">{T.expires(onFile.expMonth, onFile.expYear)}</Text>
              </Group>
            ) : (
              <Text>{T.none}</Text>
            )}
            {editing ? (
              paymentMode === 'test' ? (
                <TestCardForm onSaved={close} onCancel={close} />
              ) : (
                <Suspense fallback={<PageLoader minHeight={80} />}>
                  <StripeCardForm onSaved={close} onCancel={close} />
                </Suspense>
              )
            ) : (
              <Button ref={openButton} variant="light" onClick={() => setEditing(true)} onBlur={() => (focusWhenMounted.current = false)} w="fit-content">
                {onFile ? T.replace : T.add}
              </Button>
            )}
          </Stack>
        )}
      </QueryState>
    </PageSection>
  );
}

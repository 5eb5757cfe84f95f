import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { ROUTES, safeNextPath } from '@incontra/contracts/routes';
import type { TestCardFields } from '@incontra/mfe-kit/payments/test-card-form';
import { useBillingMutation } from '../../../api/use-billing-mutation';
import { confirmTestCard } from '../api/confirm-test-card';
import { getSetupIntent } from '../api/get-setup-intent';
import { saveCard } from '../api/save-card';

export type CardFields = TestCardFields;

/** Where the form goes next: the card is on file, or its bank asks for an authorisation first. */
export type AddCardOutcome = { kind: 'saved' } | { kind: 'authenticate'; path: string };

/** The confirmation page as a path of this site: the API's, or ours for the token when it gave none usable. */
function authenticationPath(token: string, url: string): string {
  return safeNextPath(url) ?? `${ROUTES.billingAuthentication}/${encodeURIComponent(token)}`;
}

/**
 * The test mode's three steps: a setup intent's secret, the card confirmed with it, then the
 * confirmed card made the card on file. A card asking for authentication stops after the second:
 * its confirmation page saves it once approved.
 */
async function addTestCard(fields: CardFields): Promise<AddCardOutcome> {
  const { clientSecret } = await getSetupIntent();
  const answer = await confirmTestCard({ clientSecret, ...fields });
  if (answer.status === 'requires_action') return { kind: 'authenticate', path: authenticationPath(answer.token, answer.authenticationUrl) };
  await saveCard(answer.token);
  return { kind: 'saved' };
}

export function useAddTestCard() {
  return useBillingMutation<CardFields, AddCardOutcome>({
    mutationFn: addTestCard,
    success: (outcome) => (outcome.kind === 'saved' ? IT_BILLING_PAGES.card.saved : null),
  });
}

import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { TestAuthentication } from '@incontra/contracts/api/test-payments';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { formatEuro } from '@incontra/contracts/money';
import { apiErrorMessage } from '../api-error';

const T = IT_BILLING_PAGES.authentication;

export interface TestAuthenticationRequestProps {
  authentication: TestAuthentication;
  /** The cardholder's answer; `answering` is the one under way (null: none). */
  onAnswer(approve: boolean): void;
  answering: boolean | null;
  /** The last answer's failure, shown above the buttons. */
  error: unknown;
  /** An answered request offers only the way back. */
  onBack(): void;
  backLabel: string;
}

/**
 * The test mode's stand-in for a bank's 3-D Secure question: who asks, the card, the amount
 * (or none when a card is only set up), and «Autorizza» / «Rifiuta». What an answer leads to is
 * the caller's (the card on file, a customer's payment).
 */
export function TestAuthenticationRequest({ authentication, onAnswer, answering, error, onBack, backLabel }: TestAuthenticationRequestProps) {
  if (authentication.status !== 'pending') {
    return (
      <Stack gap="md" align="flex-start">
        <Text>{T.answered}</Text>
        <Button variant="light" onClick={onBack}>
          {backLabel}
        </Button>
      </Stack>
    );
  }
  const busy = answering !== null;
  return (
    <Card withBorder padding="lg" maw={480}>
      <Stack gap="md">
        <Text>{T.asks(authentication.merchant)}</Text>
        <Text fw={600}>{T.card(authentication.last4)}</Text>
        <Text>{authentication.amount ? T.amount(formatEuro(authentication.amount.total)) : T.noAmount}</Text>
        {Boolean(error) && (
          <Alert color="red" role="alert">
            {apiErrorMessage(error)}
          </Alert>
        )}
        <Group gap="sm">
          <Button onClick={() => onAnswer(true)} loading={answering === true} disabled={busy}>
            {T.approve}
          </Button>
          <Button variant="default" onClick={() => onAnswer(false)} loading={answering === false} disabled={busy}>
            {T.refuse}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

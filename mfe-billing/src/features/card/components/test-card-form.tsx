import { Alert, Button, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { TEST_CARDS, testCardBodySchema } from '@incontra/contracts/api/test-payments';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { isOwnedBy } from '@incontra/contracts/routes';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useAddTestCard, type CardFields } from '../hooks/use-add-test-card';
import { TestModeNotice } from '../../../app/test-mode-notice';

const T = IT_BILLING_PAGES.card;
const { cardNumber, expiry, cvc } = testCardBodySchema.shape;
const fieldsSchema = z.object({ cardNumber, expiry, cvc });
/** The longest number CARD_NUMBER_TYPED takes: 22 digits, spaces or dashes between its first and last. */
const CARD_NUMBER_MAX = 24;

/** «4242424242424242» → «4242 4242 4242 4242». */
const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** «1230» typed without its slash reads as «12/30». */
function normalizedExpiry(value: string): string {
  const compact = value.replace(/\s/g, '');
  return /^\d{4}$/.test(compact) ? `${compact.slice(0, 2)}/${compact.slice(2)}` : compact;
}

function TestCardsHelp() {
  return (
    <div>
      <Title order={4} size="h5">
        {T.testCardsTitle}
      </Title>
      <List size="sm" spacing={2}>
        {(Object.keys(TEST_CARDS) as (keyof typeof TEST_CARDS)[]).map((kind) => (
          <List.Item key={kind}>
            <Text span ff="monospace" size="sm">
              {grouped(TEST_CARDS[kind])}
            </Text>
            {`: ${T.testCards[kind]}`}
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        {T.testCardsIntro}
      </Text>
    </div>
  );
}

export interface CardFormProps {
  /** The card is on file. */
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The built-in test mode's card form (Stripe's public test numbers keep their meanings): a
 * declined card's message above the fields, a field's refusal under it, a card asking for
 * authentication sent to its confirmation page.
 */
export function TestCardForm({ onSaved, onCancel }: CardFormProps) {
  const form = useZodForm<CardFields>({ cardNumber: '', expiry: '', cvc: '' }, { rules: { cardNumber, expiry, cvc } });
  const addCard = useAddTestCard();
  const navigate = useNavigate();
  const { navigate: shellNavigate } = useMfeProps();
  const formError = form.formError(addCard.error);
  const numberInput = useRef<HTMLInputElement>(null);
  // The form opens where the button was: the first field takes the focus.
  useEffect(() => numberInput.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(fieldsSchema, {
      ...form.values,
      cardNumber: form.values.cardNumber.trim(),
      expiry: normalizedExpiry(form.values.expiry),
      cvc: form.values.cvc.trim(),
    });
    if (!body) return;
    addCard.mutate(body, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'saved') onSaved();
        else if (isOwnedBy('billing', outcome.path)) navigate(outcome.path);
        else shellNavigate(outcome.path);
      },
      onError: form.showApiError,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="test-card-form-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="test-card-form-title">
          {T.formTitle}
        </Title>
        <TestModeNotice />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          {...form.field('cardNumber')}
          label={T.number}
          autoComplete="cc-number"
          inputMode="numeric"
          maxLength={CARD_NUMBER_MAX}
          required
          ref={numberInput}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput {...form.field('expiry')} label={T.expiry} placeholder="MM/AA" autoComplete="cc-exp" inputMode="numeric" maxLength={5} required />
          <TextInput {...form.field('cvc')} label={T.cvc} autoComplete="cc-csc" inputMode="numeric" maxLength={4} required />
        </SimpleGrid>
        <TestCardsHelp />
        <Group gap="sm">
          <Button type="submit" loading={addCard.isPending}>
            {T.save}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={addCard.isPending}>
            {T.close}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

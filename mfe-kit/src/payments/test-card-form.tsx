import { Alert, Button, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { TEST_CARDS, testCardBodySchema } from '@incontra/contracts/api/test-payments';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { useZodForm } from '../forms/use-zod-form';
import { TestModeNotice } from './test-mode-notice';

const T = IT_BILLING_PAGES.card;
const { cardNumber, expiry, cvc } = testCardBodySchema.shape;
const fieldsSchema = z.object({ cardNumber, expiry, cvc });
/** The longest number CARD_NUMBER_TYPED takes: 22 digits, spaces or dashes between its first and last. */
const CARD_NUMBER_MAX = 24;

/** What the cardholder types: the card, without the form's capability (the caller holds that). */
export type TestCardFields = z.infer<typeof fieldsSchema>;

/** «4242424242424242» → «4242 4242 4242 4242». */
const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** «1230» typed without its slash reads as «12/30». */
function normalizedExpiry(value: string): string {
  const compact = value.replace(/\s/g, '');
  return /^\d{4}$/.test(compact) ? `${compact.slice(0, 2)}/${compact.slice(2)}` : compact;
}

function TestCardsHelp({ titleOrder }: { titleOrder: 3 | 4 }) {
  return (
    <div>
      <Title order={titleOrder} size="h5">
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

/** The form's own message above the fields: it takes the focus when it appears, so a screen reader says it. */
function FormAlert({ message }: { message: string }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => alert.current?.focus(), [message]);
  return (
    <Alert color="red" role="alert" ref={alert} tabIndex={-1}>
      {message}
    </Alert>
  );
}

export interface TestCardFormProps {
  title: string;
  /** The title's heading level: under the page's h1 (2) or a section's h2 (3, the default). */
  titleOrder?: 2 | 3;
  /** The submit button's words («Salva la carta», «Paga 25,00 €»). */
  submitLabel: string;
  /** Called with a well-formed card only (the fields are checked first, nothing is sent otherwise). */
  onSubmit(fields: TestCardFields): void;
  /** The submission is under way: the button spins, nothing can be sent twice. */
  pending: boolean;
  /**
   * The last submission's failure: a refusal naming a field goes under that field, any other
   * (a declined card's 402) above the fields, where the focus moves.
   */
  error: unknown;
  /** A close button beside the submit one, when the form can be put away. */
  onCancel?: () => void;
  /** The card number takes the focus at once (a form opened by a button, where the button was). */
  autoFocus?: boolean;
}

/**
 * The built-in test mode's card form (Stripe's public test numbers keep their meanings, listed
 * under the fields), for the company's card on file and a customer's payment alike: it checks the
 * fields and hands the card to `onSubmit`; what is done with it is the caller's.
 */
export function TestCardForm({ title, titleOrder = 3, submitLabel, onSubmit, pending, error, onCancel, autoFocus = false }: TestCardFormProps) {
  const form = useZodForm<TestCardFields>({ cardNumber: '', expiry: '', cvc: '' }, { rules: { cardNumber, expiry, cvc } });
  const titleId = useId();
  const formError = form.formError(error);
  const numberInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) numberInput.current?.focus();
  }, [autoFocus]);
  // A new failure that names a field is shown under it (useZodForm keeps the field messages).
  const { showApiError } = form;
  const shownError = useRef<unknown>(null);
  useEffect(() => {
    if (error && error !== shownError.current) showApiError(error);
    shownError.current = error;
  }, [error, showApiError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const fields = form.check(fieldsSchema, {
      cardNumber: form.values.cardNumber.trim(),
      expiry: normalizedExpiry(form.values.expiry),
      cvc: form.values.cvc.trim(),
    });
    if (fields) onSubmit(fields);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={titleOrder} size="h4" id={titleId}>
          {title}
        </Title>
        <TestModeNotice />
        {formError && <FormAlert message={formError} />}
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
        <TestCardsHelp titleOrder={titleOrder === 2 ? 3 : 4} />
        <Group gap="sm">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {T.close}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

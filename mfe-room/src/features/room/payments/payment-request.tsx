import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { POS_DESCRIPTION_MAX, posCreateBodySchema, type PosPayment } from '@incontra/contracts/api/pos';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { ApiRequestError } from '@incontra/contracts/http';
import { ROUTES } from '@incontra/contracts/routes';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { parseEuroAmount } from '@incontra/mfe-kit/payments/euro-amount';
import type { ChatPayment } from '../store/chat-slice';
import { createPosPayment, getRoom, posPaymentKey, roomKey } from '../api/pos-payments';

const T = IT_PAYMENT_PAGES.room;
const { amount, description, email } = posCreateBodySchema.shape;
const fieldsSchema = z.object({ amount, description, email });
type Fields = { amount: string; description: string; email: string };
type Checked = z.infer<typeof fieldsSchema>;
/** «10000,00»: the longest amount a request may ask, as typed. */
const AMOUNT_TEXT_MAX = 10;
const EMAIL_MAX = 254;
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/** The link's token (the API answers the link, /pagamento/{token} on the company's site); null if it is not one. */
export function tokenOfLink(link: string): string | null {
  try {
    const path = new URL(link, window.location.origin).pathname;
    const prefix = `${ROUTES.payment}/`;
    if (!path.startsWith(prefix)) return null;
    const token = decodeURIComponent(path.slice(prefix.length));
    return TOKEN.test(token) ? token : null;
  } catch {
    return null;
  }
}

/** The room's store (a request belongs to one), then the request made for this call, then its card for the chat. */
function useCreateRequest(roomId: string) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: Checked): Promise<{ payment: PosPayment; card: ChatPayment }> => {
      const room = await queryClient
        .fetchQuery({ queryKey: roomKey(company.id, roomId), queryFn: ({ signal }) => getRoom(roomId, signal), staleTime: 60_000 })
        .catch(() => {
          throw new Error(T.storeUnknown);
        });
      const payment = await createPosPayment({ ...fields, storeId: room.storeId, roomId });
      const token = tokenOfLink(payment.link);
      if (!token) throw new Error(IT_ROOM.actionFailed);
      queryClient.setQueryData(posPaymentKey(company.id, payment.id), payment);
      return { payment, card: { paymentId: payment.id, token, amount: payment.amount, description: payment.description } };
    },
  });
}

function RequestForm({ roomId, onSent, onCancel }: { roomId: string; onSent(card: ChatPayment): void; onCancel(): void }) {
  const form = useZodForm<Fields>({ amount: '', description: '', email: '' }, { rules: { description } });
  const create = useCreateRequest(roomId);
  const amountInput = useRef<HTMLInputElement>(null);
  useEffect(() => amountInput.current?.focus(), []);
  const formError = form.formError(create.error, (error) =>
    error instanceof ApiRequestError ? apiErrorMessage(error) : error instanceof Error ? error.message : IT_ROOM.actionFailed,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const email = form.values.email.trim();
    const fields = form.check(fieldsSchema, {
      amount: parseEuroAmount(form.values.amount) ?? Number.NaN,
      description: form.values.description,
      email: email === '' ? null : email,
    });
    if (fields) create.mutate(fields, { onSuccess: ({ card }) => onSent(card), onError: form.showApiError });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="payment-request-title">
      <Stack gap="xs">
        <Title order={3} size="h6" id="payment-request-title">
          {T.formTitle}
        </Title>
        {formError && (
          <Alert color="red" py={4} role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          {...form.field('amount')}
          ref={amountInput}
          label={T.amount}
          description={T.amountHint}
          inputMode="decimal"
          maxLength={AMOUNT_TEXT_MAX}
          required
          size="xs"
        />
        <TextInput {...form.field('description')} label={T.description} maxLength={POS_DESCRIPTION_MAX} required size="xs" />
        <TextInput {...form.field('email')} label={T.email} type="email" autoComplete="off" maxLength={EMAIL_MAX} size="xs" />
        <Group gap="xs">
          <Button type="submit" size="compact-sm" loading={create.isPending}>
            {T.send}
          </Button>
          <Button variant="default" size="compact-sm" onClick={onCancel} disabled={create.isPending}>
            {T.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Staff, during a call: «Richiedi pagamento» opens a small form (amount in euro, description,
 * optional e-mail); the request is made for the room's store and this call, and its card goes
 * into the chat for the others to pay from.
 */
export function PaymentRequest({ roomId, onSend }: { roomId: string; onSend(card: ChatPayment): void }) {
  const { notify } = useMfeProps();
  const [open, setOpen] = useState(false);
  // The button takes the focus back when it returns after the form closed.
  const focusOnReturn = useRef(false);
  const openButton = useCallback((node: HTMLButtonElement | null) => {
    if (node && focusOnReturn.current) node.focus();
    focusOnReturn.current = false;
  }, []);
  const close = () => {
    focusOnReturn.current = true;
    setOpen(false);
  };
  return (
    <Stack gap="xs" px="md" py="sm" data-testid="payment-request" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      {open ? (
        <RequestForm
          roomId={roomId}
          onCancel={close}
          onSent={(card) => {
            onSend(card);
            notify.show({ kind: 'success', message: T.sent });
            close();
          }}
        />
      ) : (
        <Button ref={openButton} size="compact-xs" variant="light" w="fit-content" onClick={() => setOpen(true)}>
          {T.request}
        </Button>
      )}
    </Stack>
  );
}

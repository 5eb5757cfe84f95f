import { Alert, Button, Group, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { POS_DESCRIPTION_MAX, posCreateBodySchema, type PosCreateForm, type PosCreated } from '@incontra/contracts/api/pos';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { useZodForm } from '@incontra/mfe-kit/forms/use-zod-form';
import { useCreatePosPayment } from '../api/create-pos-payment';
import { parseEuroAmount } from '@incontra/mfe-kit/payments/euro-amount';

const T = IT_POS_PAGES.create;

type Values = { storeId: string; amount: string; description: string; email: string; phone: string };

/** The request's fields: store, amount in euros, description, the customer's e-mail and phone if known. */
export function NewRequestForm({
  form: { stores },
  onCreated,
  onCancel,
}: {
  form: PosCreateForm;
  onCreated: (payment: PosCreated) => void;
  onCancel: () => void;
}) {
  // One store served: it is the one.
  const form = useZodForm<Values>({ storeId: stores.length === 1 ? stores[0]!.id : '', amount: '', description: '', email: '', phone: '' });
  const create = useCreatePosPayment();
  const formError = form.formError(create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { storeId, amount, description, email, phone } = form.values;
    const body = form.check(posCreateBodySchema, {
      storeId,
      // Not euros as typed: NaN, which the contract refuses with its own message.
      amount: parseEuroAmount(amount) ?? Number.NaN,
      description,
      email: email.trim() || null,
      phone: phone.trim() || null,
    });
    if (body) create.mutate(body, { onSuccess: onCreated, onError: form.showApiError });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <NativeSelect
          {...form.field('storeId')}
          label={T.store}
          data={[{ value: '', label: T.chooseStore }, ...stores.map((store) => ({ value: store.id, label: store.name }))]}
          required
        />
        <TextInput {...form.field('amount')} label={T.amount} description={T.amountHint} inputMode="decimal" autoComplete="off" maxLength={12} required />
        <Textarea {...form.field('description')} label={T.description} maxLength={POS_DESCRIPTION_MAX} autosize minRows={2} required />
        <TextInput {...form.field('email')} label={T.email} description={T.emailHint} type="email" autoComplete="off" maxLength={254} />
        <TextInput {...form.field('phone')} label={T.phone} type="tel" autoComplete="off" maxLength={20} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {T.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {T.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

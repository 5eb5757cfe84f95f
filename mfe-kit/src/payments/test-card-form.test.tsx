import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TEST_CARDS } from '@incontra/contracts/api/test-payments';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { RemoteProviders } from '../remote-providers';
import { buildMfeProps } from '../testing/build-mfe-props';
import { TestCardForm, type TestCardFields } from './test-card-form';

const T = IT_BILLING_PAGES.card;
const DECLINED = new ApiRequestError(402, { statusCode: 402, error: 'Payment Required', message: IT_BILLING.testMode.cardDeclined });

/** The form as a caller holds it: each submission answers what `answer` says for that card. */
function Harness({ answer, onCancel, autoFocus }: { answer: (fields: TestCardFields) => unknown; onCancel?: () => void; autoFocus?: boolean }) {
  const [error, setError] = useState<unknown>(null);
  return (
    <TestCardForm
      title="Carta"
      submitLabel="Paga 25,00 €"
      pending={false}
      error={error}
      onCancel={onCancel}
      autoFocus={autoFocus}
      onSubmit={(fields) => setError(answer(fields))}
    />
  );
}

function renderForm(props: Parameters<typeof Harness>[0]) {
  render(
    <RemoteProviders props={buildMfeProps()}>
      <Harness {...props} />
    </RemoteProviders>,
  );
  return screen.getByRole('form', { name: 'Carta' });
}

async function fill(form: HTMLElement, number: string, expiry = '1230', cvc = '123') {
  await userEvent.type(within(form).getByLabelText(T.number, { exact: false }), number);
  await userEvent.type(within(form).getByLabelText(T.expiry, { exact: false }), expiry);
  await userEvent.type(within(form).getByLabelText(T.cvc, { exact: false }), cvc);
}

describe('the kit’s test mode card form', () => {
  it('says nothing is charged, lists the test cards and labels its fields; the caller’s words on the button', () => {
    const form = renderForm({ answer: () => null });
    expect(within(form).getByRole('note')).toHaveTextContent(IT_BILLING.testMode.notice);
    expect(within(form).getByText('4000 0025 0000 3155')).toBeInTheDocument();
    expect(within(form).getByLabelText(T.number, { exact: false })).toHaveAttribute('autocomplete', 'cc-number');
    expect(within(form).getByRole('button', { name: 'Paga 25,00 €' })).toHaveAttribute('type', 'submit');
    expect(within(form).queryByRole('button', { name: T.close })).not.toBeInTheDocument();
    expect(within(form).getByLabelText(T.number, { exact: false })).not.toHaveFocus();
  });

  it('takes the focus on its first field when asked, and offers a close button when given one', async () => {
    const onCancel = jest.fn();
    const form = renderForm({ answer: () => null, onCancel, autoFocus: true });
    expect(within(form).getByLabelText(T.number, { exact: false })).toHaveFocus();
    await userEvent.click(within(form).getByRole('button', { name: T.close }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('hands over a well-formed card only, the expiry typed without its slash completed', async () => {
    const answer = jest.fn(() => null);
    const form = renderForm({ answer });
    await fill(form, '4242', '13/30', '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Paga 25,00 €' }));
    expect(within(form).getByText(IT_BILLING.testMode.cardNumberInvalid)).toBeInTheDocument();
    expect(within(form).getByText(IT_BILLING.testMode.expiryInvalid)).toBeInTheDocument();
    expect(answer).not.toHaveBeenCalled();

    await userEvent.clear(within(form).getByLabelText(T.number, { exact: false }));
    await userEvent.clear(within(form).getByLabelText(T.expiry, { exact: false }));
    await userEvent.clear(within(form).getByLabelText(T.cvc, { exact: false }));
    await fill(form, '4242 4242 4242 4242');
    await userEvent.click(within(form).getByRole('button', { name: 'Paga 25,00 €' }));
    expect(answer).toHaveBeenCalledWith({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' });
  });

  it('shows a declined card’s message above the fields and moves the focus to it', async () => {
    const form = renderForm({ answer: () => DECLINED });
    await fill(form, TEST_CARDS.declined);
    await userEvent.click(within(form).getByRole('button', { name: 'Paga 25,00 €' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(IT_BILLING.testMode.cardDeclined);
    expect(alert).toHaveFocus();
  });

  it('puts a refusal naming a field under that field', async () => {
    const refusal = new ApiRequestError(400, { statusCode: 400, error: 'Bad Request', message: IT_BILLING.testMode.expiryInvalid, field: 'expiry' });
    const form = renderForm({ answer: () => refusal });
    await fill(form, TEST_CARDS.succeeds, '01/20');
    await userEvent.click(within(form).getByRole('button', { name: 'Paga 25,00 €' }));
    expect(await within(form).findByText(IT_BILLING.testMode.expiryInvalid)).toBeInTheDocument();
    expect(within(form).getByLabelText(T.expiry, { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TestAuthentication } from '@incontra/contracts/api/test-payments';
import { ApiRequestError } from '@incontra/contracts/http';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { RemoteProviders } from '../remote-providers';
import { buildMfeProps } from '../testing/build-mfe-props';
import { TestAuthenticationRequest, type TestAuthenticationRequestProps } from './test-authentication-request';

const T = IT_BILLING_PAGES.authentication;
const PENDING: TestAuthentication = {
  status: 'pending',
  merchant: 'Ottica Rossi',
  last4: '3155',
  amount: { net: 2049, vat: 451, total: 2500 },
  returnTo: '/pagamento/tok',
};

function renderRequest(props: Partial<TestAuthenticationRequestProps>) {
  const all: TestAuthenticationRequestProps = {
    authentication: PENDING,
    onAnswer: jest.fn(),
    answering: null,
    error: null,
    onBack: jest.fn(),
    backLabel: 'Indietro',
    ...props,
  };
  render(
    <RemoteProviders props={buildMfeProps()}>
      <TestAuthenticationRequest {...all} />
    </RemoteProviders>,
  );
  return all;
}

describe('the test mode’s authentication question', () => {
  it('names who asks, the card and the amount, and hands over the answer', async () => {
    const { onAnswer } = renderRequest({});
    expect(screen.getByText(T.asks('Ottica Rossi'))).toBeInTheDocument();
    expect(screen.getByText(T.card('3155'))).toBeInTheDocument();
    expect(screen.getByText(T.amount('25,00 €'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.refuse }));
    expect(onAnswer).toHaveBeenCalledWith(false);
  });

  it('while an answer is under way neither button answers again; a failure shows its message', async () => {
    const error = new ApiRequestError(409, { statusCode: 409, error: 'Conflict', message: 'Hai già risposto a questa verifica.' });
    const { onAnswer } = renderRequest({ answering: true, error });
    expect(screen.getByRole('button', { name: T.refuse })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Hai già risposto a questa verifica.');
    await userEvent.click(screen.getByRole('button', { name: T.refuse }));
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('an answered request offers only the way back, in the caller’s words', async () => {
    const { onBack } = renderRequest({ authentication: { ...PENDING, status: 'succeeded' } });
    expect(screen.getByText(T.answered)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.approve })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(onBack).toHaveBeenCalled();
  });
});

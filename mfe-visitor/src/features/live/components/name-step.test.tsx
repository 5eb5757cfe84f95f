import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const STORE = { id: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01', name: 'Milano Centro', address: null, wall: null };

describe('live flow, name step', () => {
  beforeEach(() => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: { id: TEST_COMPANY.id, name: 'Demo', stores: [STORE] } } });
  });

  it('asks for the name and says the service is not active yet, without a working submit', async () => {
    renderApp(`/partecipa?store=${STORE.id}`);
    expect(screen.getByRole('textbox', { name: IT.visitor.askName })).toBeRequired();
    expect(screen.getByRole('button', { name: IT.visitor.continue })).toBeDisabled();
    expect(screen.getByText(IT.visitor.liveSoon)).toBeInTheDocument();
    expect(screen.getByText(IT.visitor.invited)).toBeInTheDocument();
    expect(await screen.findByText(`${IT.visitor.storeLabel}: Milano Centro`)).toBeInTheDocument();
  });

  it('validates the name in Italian', async () => {
    renderApp('/partecipa');
    const name = screen.getByRole('textbox', { name: IT.visitor.askName });
    await userEvent.click(name);
    await userEvent.tab();
    expect(name).toBeInvalid();
    expect(name).toHaveAccessibleDescription(IT.validation.nameRequired);
    await userEvent.type(name, 'Giulia');
    expect(name).toBeValid();
    expect(screen.queryByText(IT.validation.nameRequired)).not.toBeInTheDocument();
  });

  it('goes back to the welcome screen keeping the store', async () => {
    renderApp(`/partecipa?store=${STORE.id}`);
    await userEvent.click(screen.getByRole('link', { name: IT.visitor.back }));
    expect(window.location.pathname).toBe('/');
    expect(window.location.search).toBe(`?store=${STORE.id}`);
  });
});

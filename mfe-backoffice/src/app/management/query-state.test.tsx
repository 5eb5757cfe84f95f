import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@incontra/contracts/http';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import * as z from 'zod/mini';
import { QueryState } from './query-state';
import { renderWithProviders } from './test-utils';

const listSchema = z.array(z.string());

function Names() {
  const query = useQuery({ queryKey: ['names'], queryFn: () => apiRequest('/api/names', { schema: listSchema }) });
  return <QueryState query={query}>{(names) => <p>{names.join(', ')}</p>}</QueryState>;
}

describe('QueryState', () => {
  it('announces the loading, then hands the data to its children', async () => {
    mockFetch({ 'GET /api/names': { status: 200, body: ['Anna', 'Luca'] } });
    renderWithProviders(<Names />);
    expect(screen.getByRole('status')).toHaveTextContent(IT_MANAGEMENT.table.loading);
    expect(await screen.findByText('Anna, Luca')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the API's reason and loads again on «Riprova»", async () => {
    let failing = true;
    const fetchMock = mockFetch({
      'GET /api/names': () =>
        failing
          ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Servizio non disponibile.' } }
          : { status: 200, body: ['Anna'] },
    });
    renderWithProviders(<Names />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IT_MANAGEMENT.table.loadFailed);
    expect(alert).toHaveTextContent('Servizio non disponibile.');

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.table.retry }));
    expect(await screen.findByText('Anna')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

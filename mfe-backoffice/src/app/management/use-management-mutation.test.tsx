import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as z from 'zod/mini';
import { ApiRequestError, apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderWithProviders } from './test-utils';
import { useManagementMutation } from './use-management-mutation';

const ROOMS_KEY = ['company', TEST_COMPANY.id, 'rooms'] as const;
const TOPICS_KEY = ['company', TEST_COMPANY.id, 'topics'] as const;

function Rooms({ affectsPlanUsage, notifyErrors }: { affectsPlanUsage?: boolean; notifyErrors?: boolean }) {
  const rooms = useQuery({ queryKey: ROOMS_KEY, queryFn: () => apiRequest('/api/rooms', { schema: z.array(z.string()) }) });
  const create = useManagementMutation({
    mutationFn: (name: string) => apiRequest('/api/rooms', { method: 'POST', body: { name }, schema: z.object({ id: z.string() }) }),
    invalidate: [ROOMS_KEY],
    success: 'Stanza creata.',
    affectsPlanUsage,
    notifyErrors,
  });
  return (
    <>
      <p>{rooms.data?.join(', ') ?? '…'}</p>
      <Button onClick={() => create.mutate('Sala 2')}>Crea</Button>
      {create.error instanceof ApiRequestError && create.error.field && <p>campo: {create.error.message}</p>}
    </>
  );
}

describe('useManagementMutation', () => {
  it('confirms with a toast and reloads the lists it changed, and only those', async () => {
    const rooms = ['Sala 1'];
    const fetchMock = mockFetch({
      'GET /api/rooms': () => ({ status: 200, body: rooms }),
      'POST /api/rooms': ({ body }) => {
        rooms.push((body as { name: string }).name);
        return { status: 201, body: { id: 'r2' } };
      },
    });
    const { props } = renderWithProviders(<Rooms />);
    props.queryClient.setQueryData(TOPICS_KEY, ['Mutui']);
    props.queryClient.setQueryData(queryKeys.subscription(TEST_COMPANY.id), { cached: true });
    expect(await screen.findByText('Sala 1')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('Sala 1, Sala 2')).toBeInTheDocument();
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: 'Stanza creata.' });
    expect(props.queryClient.getQueryState(TOPICS_KEY)?.isInvalidated).toBe(false);
    expect(props.queryClient.getQueryState(queryKeys.subscription(TEST_COMPANY.id))?.isInvalidated).toBe(false);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/rooms')).toHaveLength(3);
  });

  it('names what was written in the toast when success is a function', async () => {
    mockFetch({ 'GET /api/rooms': { status: 200, body: [] }, 'POST /api/rooms': { status: 201, body: { id: 'r2' } } });
    function Named() {
      const create = useManagementMutation({
        mutationFn: (name: string) => apiRequest('/api/rooms', { method: 'POST', body: { name }, schema: z.object({ id: z.string() }) }),
        invalidate: [ROOMS_KEY],
        success: (room, name) => `Stanza «${name}» creata (${room.id}).`,
      });
      return <Button onClick={() => create.mutate('Sala 2')}>Crea</Button>;
    }
    const { props } = renderWithProviders(<Named />);
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: 'Stanza «Sala 2» creata (r2).' }));
  });

  it('also refreshes the plan usage when asked', async () => {
    mockFetch({ 'GET /api/rooms': { status: 200, body: [] }, 'POST /api/rooms': { status: 201, body: { id: 'r2' } } });
    const { props } = renderWithProviders(<Rooms affectsPlanUsage />);
    props.queryClient.setQueryData(queryKeys.subscription(TEST_COMPANY.id), { cached: true });
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(props.queryClient.getQueryState(queryKeys.subscription(TEST_COMPANY.id))?.isInvalidated).toBe(true));
  });

  it("says a failure in a toast with the API's reason", async () => {
    const reason = 'Hai raggiunto il numero massimo di stanze previsto dal tuo piano.';
    mockFetch({
      'GET /api/rooms': { status: 200, body: [] },
      'POST /api/rooms': { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: reason } },
    });
    const { props } = renderWithProviders(<Rooms />);
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'error', message: reason }));
    expect(props.notify.show).toHaveBeenCalledTimes(1);
  });

  it('stays quiet on failure when the caller shows it', async () => {
    mockFetch({
      'GET /api/rooms': { status: 200, body: [] },
      'POST /api/rooms': { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Riprova.' } },
    });
    const { props } = renderWithProviders(<Rooms notifyErrors={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    await waitFor(() => expect(props.queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'));
    expect(props.notify.show).not.toHaveBeenCalled();
  });

  it('leaves an error about a field to the form', async () => {
    mockFetch({
      'GET /api/rooms': { status: 200, body: [] },
      'POST /api/rooms': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Nome già usato.', field: 'name' } },
    });
    const { props } = renderWithProviders(<Rooms />);
    await userEvent.click(screen.getByRole('button', { name: 'Crea' }));
    expect(await screen.findByText('campo: Nome già usato.')).toBeInTheDocument();
    expect(props.notify.show).not.toHaveBeenCalled();
  });
});

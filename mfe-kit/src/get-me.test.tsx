import { renderHook, waitFor } from '@testing-library/react';
import { queryKeys } from '@incontra/contracts/query-keys';
import { getMe, getMeQueryOptions, useMe } from './get-me';
import { RemoteProviders } from './remote-providers';
import { buildMfeProps } from './testing/build-mfe-props';
import { TEST_COMPANY, TEST_USER } from './testing/fixtures';
import { mockFetch, UNAUTHORIZED } from './testing/mock-fetch';

describe('getMe', () => {
  it('answers the signed-in user', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    await expect(getMe()).resolves.toEqual(TEST_USER);
  });

  it.each([
    ['401', UNAUTHORIZED],
    ['403', { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Forbidden' } }],
  ])('reads %s as nobody signed in, as the shell does', async (_status, reply) => {
    mockFetch({ 'GET /api/me': reply });
    await expect(getMe()).resolves.toBeNull();
  });

  it('lets any other failure through', async () => {
    mockFetch({ 'GET /api/me': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Errore' } } });
    await expect(getMe()).rejects.toMatchObject({ status: 500 });
  });

  it('shares the shell cache entry, without retry or refetch on focus', () => {
    expect(getMeQueryOptions(TEST_COMPANY.id)).toMatchObject({
      queryKey: queryKeys.me(TEST_COMPANY.id),
      retry: false,
      refetchOnWindowFocus: false,
    });
  });

  it('reads the user the shell already cached without asking again', async () => {
    const fetchMock = mockFetch({});
    const props = buildMfeProps();
    props.queryClient.setQueryData(queryKeys.me(TEST_COMPANY.id), TEST_USER);
    const { result } = renderHook(() => useMe(), { wrapper: ({ children }) => <RemoteProviders props={props}>{children}</RemoteProviders> });
    await waitFor(() => expect(result.current.data).toEqual(TEST_USER));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

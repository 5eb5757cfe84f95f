import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@incontra/contracts/query-keys';
import { settledUser } from './settled-user';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const me = {
  id: '22222222-2222-4222-8222-222222222222',
  companyId: COMPANY,
  username: 'admin',
  email: 'a@b.it',
  firstName: null,
  lastName: null,
  role: 'admin' as const,
  isGuest: false,
};

describe('settledUser', () => {
  it('answers the cached user when nothing is loading', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.me(COMPANY), null);
    await expect(settledUser(client, COMPANY)).resolves.toBeNull();
  });

  it('waits for a running fetch of the user (a sign-in that invalidated it)', async () => {
    const client = new QueryClient();
    let finish: () => void = () => undefined;
    void client.fetchQuery({
      queryKey: queryKeys.me(COMPANY),
      queryFn: () => new Promise<typeof me>((resolve) => (finish = () => resolve(me))),
    });
    const answer = settledUser(client, COMPANY);
    finish();
    await expect(answer).resolves.toEqual(me);
  });
});

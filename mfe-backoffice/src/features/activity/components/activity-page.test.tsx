import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityEntry } from '@incontra/contracts/api/activity';
import type { ManagedUser } from '@incontra/contracts/api/users';
import { IT_ACTIVITY } from '@incontra/contracts/messages/it-activity';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const PAGE = IT_ACTIVITY.page;
const ANNA = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const MARCO = '2b3c4d5e-6f70-4b8c-9d0e-1f2a3b4c5d6e';
const GIULIA = '3c4d5e6f-7081-4c9d-8e1f-2a3b4c5d6e7f';

function user(id: string, firstName: string | null, lastName: string | null, username: string): ManagedUser {
  return {
    id,
    username,
    email: `${username}@demo.incontra.local`,
    firstName,
    lastName,
    role: 'operator',
    active: true,
    storeIds: [],
    passwordChosen: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function entry(n: number, overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: n % 2 === 0 ? ANNA : MARCO,
    userName: n % 2 === 0 ? 'Anna Rossi' : 'Marco Bianchi',
    action: 'update',
    entityType: 'room',
    entityId: null,
    summary: `Voce ${n}`,
    createdAt: new Date(Date.UTC(2026, 10, 24, 9, 0, 0) - n * 60_000).toISOString().replace('Z', '000Z'),
    ...overrides,
  };
}

/** The log's API: answers from `entries` filtered like the server, `size` per page; every query it got, in `queries`. */
function fakeLog(
  entries: ActivityEntry[],
  { size = 3, fail, users }: { size?: number; fail?: (query: URLSearchParams) => boolean; users?: ManagedUser[] } = {},
) {
  const queries: URLSearchParams[] = [];
  mockFetch({
    'GET /api/me': { status: 200, body: TEST_USER },
    // Without users, GET /api/users answers 404: the filter offers the authors met in the entries.
    ...(users && { 'GET /api/users': { status: 200, body: { items: users, total: users.length, page: 1, pageSize: 100, activeAdmins: 1 } } }),
    // The retention above the log (activity-retention.test.tsx).
    'GET /api/activity/retention': { status: 200, body: { retentionDays: null, olderThan: [] } },
    'GET /api/activity': ({ url }): FakeReply => {
      const query = new URL(url, window.location.origin).searchParams;
      queries.push(query);
      if (fail?.(query)) return { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Errore del server.' } };
      const matching = entries.filter(
        (each) => (!query.get('userId') || each.userId === query.get('userId')) && (!query.get('entityType') || each.entityType === query.get('entityType')),
      );
      const start = query.get('before') ? matching.findIndex((each) => each.id === query.get('before')) + 1 : 0;
      const page = matching.slice(start, start + size);
      return { status: 200, body: { entries: page, next: start + size < matching.length ? page.at(-1)!.id : null } };
    },
  });
  return queries;
}

/** The summaries of the rows shown, top to bottom. */
function summaries(): string[] {
  return within(screen.getByRole('table', { name: PAGE.caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[4]?.textContent ?? '');
}

async function openLog() {
  renderApp('/admin/attivita');
  await screen.findByRole('heading', { name: IT_MANAGEMENT.nav.activity });
  await screen.findByRole('table', { name: PAGE.caption });
}

describe('Attività', () => {
  it('shows each entry with its Italian date and time (in the company’s zone), author, action, kind of element and summary', async () => {
    const first = entry(0, { action: 'delete', entityType: 'translation', summary: 'Riportato al predefinito il testo «Titolo»' });
    fakeLog([first, entry(1)]);
    await openLog();
    const [row] = within(screen.getByRole('table', { name: PAGE.caption }))
      .getAllByRole('row')
      .slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '24/11/2026, 10:00:00',
      'Anna Rossi',
      IT_ACTIVITY.actions.delete,
      IT_ACTIVITY.entities.translation,
      'Riportato al predefinito il testo «Titolo»',
    ]);
    expect(within(row!).getByText('24/11/2026, 10:00:00')).toHaveAttribute('datetime', first.createdAt);
  });

  it('loads the next page below the others with «Carica altri», until the log ends', async () => {
    const queries = fakeLog(Array.from({ length: 7 }, (_, n) => entry(n)));
    await openLog();
    expect(summaries()).toEqual(['Voce 0', 'Voce 1', 'Voce 2']);

    await userEvent.click(screen.getByRole('button', { name: PAGE.loadMore }));
    await waitFor(() => expect(summaries()).toHaveLength(6));
    expect(queries.at(-1)!.get('before')).toBe(entry(2).id);

    await userEvent.click(screen.getByRole('button', { name: PAGE.loadMore }));
    await waitFor(() => expect(summaries()).toEqual(['Voce 0', 'Voce 1', 'Voce 2', 'Voce 3', 'Voce 4', 'Voce 5', 'Voce 6']));
    expect(screen.queryByRole('button', { name: PAGE.loadMore })).not.toBeInTheDocument();
    expect(screen.getByText(PAGE.end)).toBeInTheDocument();
  });

  it('filters by kind of element and by author, asking the API for each filter', async () => {
    const queries = fakeLog([entry(0), entry(1, { entityType: 'store' }), entry(2, { entityType: 'store' }), entry(3)], {
      users: [user(ANNA, 'Anna', 'Rossi', 'admin'), user(MARCO, 'Marco', 'Bianchi', 'operatore'), user(GIULIA, null, null, 'giulia')],
    });
    await openLog();
    const users = screen.getByRole('combobox', { name: PAGE.user });
    await waitFor(() =>
      expect(
        within(users)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([PAGE.all, 'Anna Rossi', 'giulia', 'Marco Bianchi']),
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: PAGE.entity }), IT_ACTIVITY.entities.store);
    await waitFor(() => expect(summaries()).toEqual(['Voce 1', 'Voce 2']));
    expect(queries.at(-1)!.get('entityType')).toBe('store');

    await userEvent.selectOptions(users, 'Marco Bianchi');
    await waitFor(() => expect(summaries()).toEqual(['Voce 1']));
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({ userId: MARCO, entityType: 'store' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: PAGE.entity }), IT_ACTIVITY.entities.company);
    expect(await screen.findByText(PAGE.emptyFiltered)).toHaveAttribute('role', 'status');
  });

  it('offers the authors met in the entries when the users cannot be listed, a deleted one too, and keeps them as one is chosen', async () => {
    const gone = '4d5e6f70-8192-4dae-9f20-3b4c5d6e7f80';
    fakeLog([entry(0), entry(1), entry(2, { userId: gone, userName: 'Paolo Esposito' })]);
    await openLog();
    const users = screen.getByRole('combobox', { name: PAGE.user });
    expect(
      within(users)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([PAGE.all, 'Anna Rossi', 'Marco Bianchi', 'Paolo Esposito']);

    await userEvent.selectOptions(users, 'Paolo Esposito');
    await waitFor(() => expect(summaries()).toEqual(['Voce 2']));
    expect(within(users).getAllByRole('option')).toHaveLength(4);
  });

  it('says when the log is empty', async () => {
    fakeLog([]);
    renderApp('/admin/attivita');
    expect(await screen.findByText(PAGE.empty)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failed first load with a retry, and a failed «Carica altri» below the entries it keeps', async () => {
    let down = true;
    fakeLog(
      Array.from({ length: 5 }, (_, n) => entry(n)),
      { fail: () => down },
    );
    renderApp('/admin/attivita');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IT_MANAGEMENT.table.loadFailed);
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: IT_MANAGEMENT.table.retry }));
    await screen.findByRole('table', { name: PAGE.caption });

    down = true;
    await userEvent.click(screen.getByRole('button', { name: PAGE.loadMore }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGE.loadMoreFailed);
    expect(summaries()).toEqual(['Voce 0', 'Voce 1', 'Voce 2']);

    down = false;
    await userEvent.click(screen.getByRole('button', { name: PAGE.loadMore }));
    await waitFor(() => expect(summaries()).toHaveLength(5));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not offered to operators, and asks the API nothing for them', async () => {
    const queries = fakeLog([entry(0)]);
    mockFetch({ 'GET /api/me': { status: 200, body: { ...TEST_USER, role: 'operator' } } });
    renderApp('/admin/attivita');
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_MANAGEMENT.forbidden);
    expect(queries).toEqual([]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import type { Subscription } from '@incontra/contracts/api/subscription';
import type { ManagedUser } from '@incontra/contracts/api/users';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_USERS } from '@incontra/contracts/messages/it-users';
import { TEST_USER, testSubscription } from '@incontra/mfe-kit/testing/fixtures';
import { bodiesSentTo, mockFetch, requestsTo, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const TEXT = IT_USERS.screen;
const { form: FORM } = IT_MANAGEMENT;

const MILANO: ManagedStore = {
  id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c01',
  name: 'Milano Centro',
  address: null,
  wall: null,
  requirePhoneVerification: null,
  roomCount: 2,
  topicCount: 0,
};
const ROMA: ManagedStore = { ...MILANO, id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c02', name: 'Roma Termini' };

/** The signed-in admin (TEST_USER) as the list shows them. */
const ME: ManagedUser = {
  id: TEST_USER.id,
  username: 'admin',
  email: TEST_USER.email,
  firstName: 'Mario',
  lastName: 'Rossi',
  role: 'admin',
  active: true,
  storeIds: [],
  passwordChosen: true,
  createdAt: '2026-03-01T09:00:00.000Z',
};
const MARCO: ManagedUser = {
  ...ME,
  id: '9b8a7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c01',
  username: 'operatore',
  email: 'operatore@demo.incontra.local',
  firstName: 'Marco',
  lastName: 'Bianchi',
  role: 'operator',
  storeIds: [ROMA.id],
};
const LUCIA: ManagedUser = {
  ...MARCO,
  id: '9b8a7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c02',
  username: 'lucia',
  email: 'lucia@example.it',
  firstName: 'Lucia',
  lastName: 'Verdi',
  storeIds: [],
  active: false,
  passwordChosen: false,
};

function subscription(usersLimit: number, used: number): Subscription {
  return testSubscription({
    plan: { id: 'pro-trial', name: 'Prova Pro', price: 0, usersLimit, rooms: 3, trialDays: 14 },
    usage: { users: used, rooms: 1 },
  });
}

type Handler = FakeReply | ((request: { url: string; body: unknown }) => FakeReply);

/** GET /api/users as the API answers it: searched (name, username, e-mail), sorted by e-mail when asked, cut into a page. */
function usersPage(users: ManagedUser[], url: string) {
  const query = new URL(url, window.location.origin).searchParams;
  const q = (query.get('q') ?? '').toLowerCase();
  const found = users.filter((user) => [user.firstName, user.lastName, user.username, user.email].join(' ').toLowerCase().includes(q));
  if (query.get('sort') === 'email') found.sort((a, b) => a.email.localeCompare(b.email) * (query.get('dir') === 'desc' ? -1 : 1));
  const page = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('pageSize') ?? 20);
  return {
    items: found.slice((page - 1) * pageSize, page * pageSize),
    total: found.length,
    page,
    pageSize,
    activeAdmins: users.filter((user) => user.role === 'admin' && user.active).length,
  };
}

/** The API's users, changed by the writes the test lets through. */
function fakeApi(overrides: Record<string, Handler> = {}, { limit = 5, initial = [ME, MARCO, LUCIA] }: { limit?: number; initial?: ManagedUser[] } = {}) {
  let users = [...initial];
  const update =
    (id: string) =>
    ({ body }: { body: unknown }) => {
      users = users.map((user) => (user.id === id ? { ...user, ...(body as Partial<ManagedUser>) } : user));
      return { status: 200, body: users.find((user) => user.id === id) };
    };
  const fetchMock = mockFetch({
    'GET /api/me': { status: 200, body: TEST_USER },
    'GET /api/users': ({ url }) => ({ status: 200, body: usersPage(users, url) }),
    'GET /api/stores': { status: 200, body: [MILANO, ROMA] },
    'GET /api/subscription': () => ({ status: 200, body: subscription(limit, users.filter((user) => user.active).length) }),
    'POST /api/users': ({ body }) => {
      const created: ManagedUser = { ...MARCO, id: '9b8a7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c03', storeIds: [], passwordChosen: false, ...(body as object) };
      users = [...users, created];
      return { status: 201, body: created };
    },
    [`POST /api/users/${MARCO.id}`]: update(MARCO.id),
    [`POST /api/users/${LUCIA.id}`]: update(LUCIA.id),
    [`POST /api/users/${ME.id}`]: update(ME.id),
    [`DELETE /api/users/${MARCO.id}`]: () => {
      users = users.filter((user) => user.id !== MARCO.id);
      return { status: 200, body: { ok: true } };
    },
    ...overrides,
  });
  /** The query strings GET /api/users was asked with, in order. */
  const listQueries = () => requestsTo(fetchMock, 'GET /api/users').map(({ url }) => url.search);
  const calls = (line: string) => bodiesSentTo(fetchMock, line);
  return { calls, listQueries };
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
/** A text field by its label (which may end with Mantine's required mark). */
const textbox = (scope: HTMLElement, label: string) => within(scope).getByRole('textbox', { name: new RegExp(`^${label}\\s*\\*?$`) });

async function openPage() {
  const rendered = renderApp('/admin/utenti');
  await screen.findByRole('row', { name: /Marco Bianchi/ });
  return rendered;
}

describe('«Utenti»', () => {
  it('lists the users with role, state and stores, the plan usage; the API searches once typing pauses', async () => {
    const api = fakeApi();
    await openPage();
    expect(screen.getByRole('heading', { name: IT_MANAGEMENT.nav.users })).toBeInTheDocument();
    expect(await screen.findByText('2 / 5 utenti')).toBeInTheDocument();
    const cells = (name: string) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Marco Bianchi')).toEqual(
      expect.arrayContaining(['Marco Bianchioperatore', MARCO.email, IT_BACKOFFICE.roles.operator, TEXT.active, 'Roma Termini']),
    );
    expect(within(rowOf('Marco Bianchi')).getByText('operatore')).toBeInTheDocument();
    expect(cells('Mario Rossi')).toEqual(expect.arrayContaining([`Mario Rossi${TEXT.you}admin`, IT_BACKOFFICE.roles.admin, TEXT.allStores]));
    expect(cells('Lucia Verdi')).toEqual(expect.arrayContaining([`${TEXT.inactive}${TEXT.invited}`, TEXT.allStores]));

    await userEvent.type(screen.getByRole('searchbox', { name: IT_MANAGEMENT.table.search }), 'rossi');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Marco Bianchi/ })).not.toBeInTheDocument());
    expect(rowOf('Mario Rossi')).toBeInTheDocument();
    // One call for the word, not one per key.
    expect(api.listQueries()).toEqual(['', '?q=rossi']);
  });

  it('shows a page of many users, and asks the API for the next page and for another order', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({
      ...MARCO,
      id: `9b8a7c6d-1e2f-4a3b-8c4d-5e6f7a8b${String(i).padStart(4, '0')}`,
      username: `utente${String(i).padStart(2, '0')}`,
      email: `utente${String(i).padStart(2, '0')}@example.it`,
      firstName: 'Utente',
      lastName: String(i).padStart(2, '0'),
    }));
    const api = fakeApi({}, { initial: [ME, ...many] });
    renderApp('/admin/utenti');
    await screen.findByRole('row', { name: /Utente 00/ });
    const table = screen.getByRole('table', { name: TEXT.caption });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText(IT_MANAGEMENT.table.range(1, 20, 46))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: IT_MANAGEMENT.table.page(3, 3) }));
    expect(await screen.findByRole('row', { name: /Utente 44/ })).toBeInTheDocument();
    expect(screen.getByText(IT_MANAGEMENT.table.range(41, 46, 46))).toBeInTheDocument();

    // A new order starts again from the first page.
    const byEmail = () => within(table).getByRole('button', { name: new RegExp(TEXT.email) });
    await userEvent.click(byEmail());
    expect(await screen.findByRole('row', { name: /Utente 00/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Utente 44/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: new RegExp(TEXT.email) })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(byEmail());
    expect(await screen.findByRole('row', { name: /Utente 44/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Utente 00/ })).not.toBeInTheDocument();
    expect(api.listQueries()).toEqual(['', '?page=3', '?sort=email', '?sort=email&dir=desc']);
  });

  it('invites a user: fields checked as they are typed, role and stores sent, no password asked', async () => {
    const api = fakeApi();
    const { props } = await openPage();
    await userEvent.click(screen.getByRole('button', { name: TEXT.create }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.createTitle });
    expect(within(dialog).getByText(TEXT.createHelp)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/password/i)).not.toBeInTheDocument();

    await userEvent.type(textbox(dialog, TEXT.username), 'gi');
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.create }));
    expect(within(dialog).getByText(IT_USERS.validation.usernameInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(IT_USERS.validation.emailInvalid)).toBeInTheDocument();
    expect(api.calls('POST /api/users')).toEqual([]);

    await userEvent.type(textbox(dialog, TEXT.username), 'ulia.neri');
    expect(within(dialog).queryByText(IT_USERS.validation.usernameInvalid)).not.toBeInTheDocument();
    await userEvent.type(textbox(dialog, TEXT.email), 'giulia@example.it');
    await userEvent.type(textbox(dialog, TEXT.firstName), 'Giulia');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Milano Centro' }));
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.create }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/users')).toEqual([
      { username: 'giulia.neri', email: 'giulia@example.it', firstName: 'Giulia', lastName: null, role: 'operator', storeIds: [MILANO.id] },
    ]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.created });
    expect(await screen.findByRole('row', { name: /Giulia/ })).toBeInTheDocument();
    expect(await screen.findByText('3 / 5 utenti')).toBeInTheDocument();
  });

  it("shows the API's refusal of a taken username under it", async () => {
    fakeApi({ 'POST /api/users': { status: 409, body: { statusCode: 409, error: 'Conflict', message: IT_USERS.errors.usernameTaken, field: 'username' } } });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: TEXT.create }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.createTitle });
    await userEvent.type(textbox(dialog, TEXT.username), 'Operatore');
    await userEvent.type(textbox(dialog, TEXT.email), 'altro@example.it');
    await userEvent.click(within(dialog).getByRole('radio', { name: IT_BACKOFFICE.roles.admin }));
    expect(within(dialog).queryByRole('checkbox', { name: 'Milano Centro' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.create }));
    expect(await within(dialog).findByText(IT_USERS.errors.usernameTaken)).toBeInTheDocument();
    expect(textbox(dialog, TEXT.username)).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables «Nuovo utente» and reactivation at the plan limit, saying why', async () => {
    fakeApi({}, { limit: 2 });
    await openPage();
    expect(await screen.findByText('2 / 2 utenti')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: TEXT.create })).toBeDisabled());
    expect(screen.getAllByText(IT_MANAGEMENT.planLimit.users).length).toBeGreaterThan(0);
    const reactivate = within(rowOf('Lucia Verdi')).getByRole('button', { name: TEXT.reactivateLabel('Lucia Verdi') });
    expect(reactivate).toBeDisabled();
    expect(reactivate).toHaveAccessibleDescription(IT_MANAGEMENT.planLimit.users);
  });

  it('changes a user: the form starts from them and sends the changes', async () => {
    const api = fakeApi();
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: TEXT.editLabel('Marco Bianchi') }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.editTitle('Marco Bianchi') });
    expect(textbox(dialog, TEXT.username)).toHaveValue('operatore');
    expect(within(dialog).getByRole('checkbox', { name: 'Roma Termini' })).toBeChecked();

    await userEvent.clear(textbox(dialog, TEXT.lastName));
    await userEvent.type(textbox(dialog, TEXT.lastName), 'Bianco');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Milano Centro' }));
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/users/${MARCO.id}`)).toEqual([
      { username: 'operatore', email: MARCO.email, firstName: 'Marco', lastName: 'Bianco', role: 'operator', storeIds: [ROMA.id, MILANO.id] },
    ]);
    expect(await screen.findByRole('row', { name: /Marco Bianco/ })).toBeInTheDocument();
  });

  it('explains why the signed-in admin, the last active one, cannot be deactivated, deleted or made an operator', async () => {
    fakeApi();
    await openPage();
    const mine = rowOf('Mario Rossi');
    const deactivate = within(mine).getByRole('button', { name: TEXT.deactivateLabel('Mario Rossi') });
    expect(deactivate).toBeDisabled();
    expect(deactivate).toHaveAccessibleDescription(TEXT.selfReason);
    const remove = within(mine).getByRole('button', { name: FORM.delete });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(TEXT.selfReason);

    await userEvent.click(within(mine).getByRole('button', { name: TEXT.editLabel('Mario Rossi') }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.editTitle('Mario Rossi') });
    expect(within(dialog).getByRole('radio', { name: IT_BACKOFFICE.roles.operator })).toBeDisabled();
    expect(within(dialog).getByText(TEXT.lastAdminRoleReason)).toBeInTheDocument();
  });

  it('explains why another admin who is the last active one cannot be deactivated or deleted', async () => {
    // The signed-in admin was deactivated meanwhile in another tab: Anna is the only active admin.
    const anna: ManagedUser = { ...ME, id: '9b8a7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c09', username: 'anna', firstName: 'Anna', lastName: 'Neri' };
    fakeApi({}, { initial: [{ ...ME, active: false }, anna, MARCO] });
    await openPage();
    const row = rowOf('Anna Neri');
    expect(within(row).getByRole('button', { name: TEXT.deactivateLabel('Anna Neri') })).toHaveAccessibleDescription(TEXT.lastAdminReason);
    expect(within(row).getByRole('button', { name: FORM.delete })).toHaveAccessibleDescription(TEXT.lastAdminReason);
  });

  it('deactivates, reactivates and re-invites, each with its toast', async () => {
    const api = fakeApi();
    const { props } = await openPage();
    await userEvent.click(within(rowOf('Marco Bianchi')).getByRole('button', { name: TEXT.deactivateLabel('Marco Bianchi') }));
    expect(await within(rowOf('Marco Bianchi')).findByText(TEXT.inactive)).toBeInTheDocument();
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.deactivated });

    await userEvent.click(within(rowOf('Lucia Verdi')).getByRole('button', { name: TEXT.reactivateLabel('Lucia Verdi') }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.reactivated }));
    await userEvent.click(await within(rowOf('Lucia Verdi')).findByRole('button', { name: TEXT.resendInvitationLabel('Lucia Verdi') }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.invitationSent }));
    expect(api.calls(`POST /api/users/${MARCO.id}`)).toEqual([{ active: false }]);
    expect(api.calls(`POST /api/users/${LUCIA.id}`)).toEqual([{ active: true }, { sendInvitation: true }]);
  });

  it('deletes after confirmation, and keeps the reason in the dialog when the API refuses', async () => {
    fakeApi({
      [`DELETE /api/users/${LUCIA.id}`]: { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: IT_USERS.errors.lastAdminDelete } },
    });
    const { props } = await openPage();
    await userEvent.click(within(rowOf('Lucia Verdi')).getByRole('button', { name: FORM.delete }));
    const refused = await screen.findByRole('dialog', { name: FORM.confirmDeleteTitle });
    await userEvent.click(within(refused).getByRole('button', { name: FORM.delete }));
    expect(await within(refused).findByRole('alert')).toHaveTextContent(IT_USERS.errors.lastAdminDelete);
    await userEvent.click(within(refused).getByRole('button', { name: FORM.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(within(rowOf('Marco Bianchi')).getByRole('button', { name: FORM.delete }));
    const dialog = await screen.findByRole('dialog', { name: FORM.confirmDeleteTitle });
    expect(dialog).toHaveTextContent(FORM.confirmDeleteText('Marco Bianchi'));
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.delete }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Marco Bianchi/ })).not.toBeInTheDocument());
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.deleted });
  });

  it('says so, with a retry, when the list cannot be loaded', async () => {
    fakeApi({ 'GET /api/users': { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Servizio non disponibile.' } } });
    renderApp('/admin/utenti');
    expect(await screen.findByRole('alert')).toHaveTextContent('Servizio non disponibile.');
    expect(screen.getByRole('button', { name: IT_MANAGEMENT.table.retry })).toBeInTheDocument();
  });

  it('keeps an operator out of the page', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: { ...TEST_USER, role: 'operator' } } });
    renderApp('/admin/utenti');
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_MANAGEMENT.forbidden);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { bodiesSentTo, mockFetch, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const TEXT = IT_STORES.stores;
const { form: FORM } = IT_MANAGEMENT;

const MILANO: ManagedStore = {
  id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c01',
  name: 'Milano Centro',
  address: 'Via Dante 12, 20121 Milano',
  wall: null,
  requirePhoneVerification: null,
  roomCount: 2,
  topicCount: 3,
};
const ROMA: ManagedStore = {
  ...MILANO,
  id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c02',
  name: 'Roma Termini',
  address: null,
  requirePhoneVerification: true,
  roomCount: 1,
  topicCount: 0,
};

/** The API's stores, changed by the writes the test lets through. */
function fakeApi(role: 'admin' | 'operator' = 'admin', overrides: Record<string, FakeReply | ((request: { body: unknown }) => FakeReply)> = {}) {
  let stores = [MILANO, ROMA];
  const fetchMock = mockFetch({
    'GET /api/me': { status: 200, body: { ...TEST_USER, role } },
    'GET /api/stores': () => ({ status: 200, body: stores }),
    'POST /api/store': ({ body }) => {
      const created = { ...MILANO, id: '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c03', roomCount: 0, topicCount: 0, ...(body as object) };
      stores = [...stores, created];
      return { status: 201, body: created };
    },
    [`POST /api/store/${MILANO.id}`]: ({ body }) => {
      stores = stores.map((store) => (store.id === MILANO.id ? { ...store, ...(body as object) } : store));
      return { status: 200, body: stores.find((store) => store.id === MILANO.id) };
    },
    [`DELETE /api/store/${ROMA.id}`]: () => {
      stores = stores.filter((store) => store.id !== ROMA.id);
      return { status: 200, body: { ok: true } };
    },
    ...overrides,
  });
  const calls = (line: string) => bodiesSentTo(fetchMock, line);
  return { calls };
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('«Punti vendita»', () => {
  it('lists the stores with address, rooms, topics and phone setting; search narrows them', async () => {
    fakeApi();
    renderApp('/admin/punti-vendita');
    expect(await screen.findByRole('heading', { name: IT_MANAGEMENT.nav.stores })).toBeInTheDocument();
    const milano = await screen.findByRole('row', { name: /Milano Centro/ });
    expect(
      within(milano)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['Milano Centro', 'Via Dante 12, 20121 Milano', '2', '3', TEXT.phoneVerificationChoices.company]));
    expect(within(rowOf('Roma Termini')).getByText(TEXT.phoneVerificationChoices.on)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: IT_MANAGEMENT.table.search }), 'roma');
    expect(screen.queryByRole('row', { name: /Milano Centro/ })).not.toBeInTheDocument();
    expect(rowOf('Roma Termini')).toBeInTheDocument();
  });

  it('creates a store: the name is checked as it is typed, the phone choice is sent, the list refreshes', async () => {
    const api = fakeApi();
    const { props } = renderApp('/admin/punti-vendita');
    await userEvent.click(await screen.findByRole('button', { name: TEXT.create }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.createTitle });

    await userEvent.click(within(dialog).getByRole('button', { name: FORM.create }));
    expect(within(dialog).getByText(IT_STORES.validation.nameRequired)).toBeInTheDocument();
    expect(api.calls('POST /api/store')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: new RegExp(TEXT.name) }), 'Napoli');
    expect(within(dialog).queryByText(IT_STORES.validation.nameRequired)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: TEXT.phoneVerificationChoices.off }));
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.create }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/store')).toEqual([{ name: 'Napoli', address: null, requirePhoneVerification: false }]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.created });
    expect(await screen.findByRole('row', { name: /Napoli/ })).toBeInTheDocument();
  });

  it("shows the API's refusal of a taken name under the name", async () => {
    fakeApi('admin', {
      'POST /api/store': { status: 409, body: { statusCode: 409, error: 'Conflict', message: IT_STORES.errors.storeNameTaken, field: 'name' } },
    });
    renderApp('/admin/punti-vendita');
    await userEvent.click(await screen.findByRole('button', { name: TEXT.create }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.createTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: new RegExp(TEXT.name) }), 'milano centro');
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.create }));
    expect(await within(dialog).findByText(IT_STORES.errors.storeNameTaken)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: new RegExp(TEXT.name) })).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes a store: the form starts from it and sends the changes', async () => {
    const api = fakeApi();
    renderApp('/admin/punti-vendita');
    await screen.findByRole('row', { name: /Milano Centro/ });
    await userEvent.click(screen.getByRole('button', { name: TEXT.editLabel('Milano Centro') }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.editTitle('Milano Centro') });
    expect(within(dialog).getByRole('textbox', { name: new RegExp(TEXT.name) })).toHaveValue('Milano Centro');
    const phone = within(dialog).getByRole('radiogroup', { name: TEXT.phoneVerification });
    expect(within(phone).getByRole('radio', { name: TEXT.phoneVerificationChoices.company })).toBeChecked();

    const address = within(dialog).getByRole('textbox', { name: TEXT.address });
    await userEvent.clear(address);
    await userEvent.type(address, 'Corso Buenos Aires 1');
    await userEvent.click(within(dialog).getByRole('radio', { name: TEXT.phoneVerificationChoices.on }));
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/store/${MILANO.id}`)).toEqual([{ name: 'Milano Centro', address: 'Corso Buenos Aires 1', requirePhoneVerification: true }]);
    expect(await within(rowOf('Milano Centro')).findByText('Corso Buenos Aires 1')).toBeInTheDocument();
  });

  it('deletes after confirmation, and keeps the reason in the dialog when the API refuses', async () => {
    const reason = IT_STORES.errors.storeHasFutureReservations(2);
    fakeApi('admin', { [`DELETE /api/store/${MILANO.id}`]: { status: 409, body: { statusCode: 409, error: 'Conflict', message: reason } } });
    renderApp('/admin/punti-vendita');
    await screen.findByRole('row', { name: /Milano Centro/ });

    await userEvent.click(within(rowOf('Milano Centro')).getByRole('button', { name: FORM.delete }));
    const refused = await screen.findByRole('dialog', { name: FORM.confirmDeleteTitle });
    await userEvent.click(within(refused).getByRole('button', { name: FORM.delete }));
    expect(await within(refused).findByRole('alert')).toHaveTextContent(reason);
    await userEvent.click(within(refused).getByRole('button', { name: FORM.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowOf('Milano Centro')).toBeInTheDocument();

    await userEvent.click(within(rowOf('Roma Termini')).getByRole('button', { name: FORM.delete }));
    const dialog = await screen.findByRole('dialog', { name: FORM.confirmDeleteTitle });
    expect(dialog).toHaveTextContent(FORM.confirmDeleteText('Roma Termini'));
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.delete }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Roma Termini/ })).not.toBeInTheDocument());
  });

  it('shows an operator the stores without any control to change them', async () => {
    fakeApi('operator');
    renderApp('/admin/punti-vendita');
    await screen.findByRole('row', { name: /Milano Centro/ });
    expect(screen.getByText(TEXT.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.create })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FORM.delete })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.editLabel('Milano Centro') })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: IT_MANAGEMENT.table.actions })).not.toBeInTheDocument();
  });

  it('says so, with a retry, when the list cannot be loaded', async () => {
    fakeApi('admin', { 'GET /api/stores': { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Servizio non disponibile.' } } });
    renderApp('/admin/punti-vendita');
    expect(await screen.findByRole('alert')).toHaveTextContent('Servizio non disponibile.');
    expect(screen.getByRole('button', { name: IT_MANAGEMENT.table.retry })).toBeInTheDocument();
  });
});

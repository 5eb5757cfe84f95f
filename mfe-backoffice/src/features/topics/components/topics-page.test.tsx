import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedTopic } from '@incontra/contracts/api/store-management';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_PAID_BOOKING } from '@incontra/contracts/messages/it-paid-booking';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { IT_TOPIC_PRICE } from '@incontra/contracts/messages/it-topic-price';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { bodiesSentTo, mockFetch, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';
import { managedRoom, managedStore } from '../../../app/testing/management-fixtures';

const TEXT = IT_STORES.topics;
const { form: FORM } = IT_MANAGEMENT;

const MILANO = managedStore('5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c01', 'Milano Centro');
const ROMA = managedStore('5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c02', 'Roma Termini');
const CONSULENZA = managedRoom('6b1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c01', MILANO, 'Sala Consulenza');
const ASSISTENZA = managedRoom('6b1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c02', MILANO, 'Sala Assistenza');
const SALA_ROMA = managedRoom('6b1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c03', ROMA, 'Sala Roma');
const PRODOTTO: ManagedTopic = { id: '7c1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c01', storeId: MILANO.id, name: 'Consulenza prodotto', roomIds: [], price: null };
const RESI: ManagedTopic = {
  id: '7c1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c02',
  storeId: MILANO.id,
  name: 'Resi',
  roomIds: [ASSISTENZA.id, CONSULENZA.id],
  price: null,
};
const INFO: ManagedTopic = { id: '7c1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c03', storeId: ROMA.id, name: 'Informazioni', roomIds: [], price: null };

/** The rooms by name, of the store the query names (GET /api/rooms?storeId=), as one page. */
const ROOMS = [ASSISTENZA, CONSULENZA, SALA_ROMA];
const roomsOf = (url: string): FakeReply => {
  const items = ROOMS.filter((row) => row.storeId === new URL(url, window.location.origin).searchParams.get('storeId'));
  return { status: 200, body: { items, total: items.length, page: 1, pageSize: 100 } };
};

/** The API's stores, rooms and topics, changed by the writes the test lets through. */
function fakeApi(role: 'admin' | 'operator' = 'admin', overrides: Record<string, FakeReply | ((request: { url: string; body: unknown }) => FakeReply)> = {}) {
  let topics = [PRODOTTO, RESI, INFO];
  const fetchMock = mockFetch({
    'GET /api/me': { status: 200, body: { ...TEST_USER, role } },
    'GET /api/stores': { status: 200, body: [MILANO, ROMA] },
    'GET /api/rooms': ({ url }) => roomsOf(url),
    [`GET /api/store/${MILANO.id}/topics`]: () => ({ status: 200, body: topics.filter((topic) => topic.storeId === MILANO.id) }),
    [`GET /api/store/${ROMA.id}/topics`]: () => ({ status: 200, body: topics.filter((topic) => topic.storeId === ROMA.id) }),
    [`POST /api/store/${MILANO.id}/topics`]: ({ body }) => {
      const created: ManagedTopic = {
        id: '7c1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c09',
        storeId: MILANO.id,
        name: '',
        roomIds: [],
        price: null,
        ...(body as Omit<Partial<ManagedTopic>, 'price'>),
      };
      topics = [...topics, created];
      return { status: 201, body: created };
    },
    [`POST /api/topic/${RESI.id}`]: ({ body }) => {
      topics = topics.map((topic) => (topic.id === RESI.id ? { ...topic, ...(body as object) } : topic));
      return { status: 200, body: topics.find((topic) => topic.id === RESI.id) };
    },
    [`DELETE /api/topic/${PRODOTTO.id}`]: () => {
      topics = topics.filter((topic) => topic.id !== PRODOTTO.id);
      return { status: 200, body: { ok: true } };
    },
    ...overrides,
  });
  const calls = (line: string) => bodiesSentTo(fetchMock, line);
  return { calls };
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const nameInput = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: new RegExp(`^${TEXT.name}`) });

/** Picks a room in the MultiSelect with the keyboard: types its name, takes the first match. */
async function pickRoom(dialog: HTMLElement, name: string) {
  const input = within(dialog).getByRole('combobox', { name: TEXT.rooms });
  await userEvent.click(input);
  await userEvent.type(input, name);
  await userEvent.keyboard('{ArrowDown}{Enter}');
}

describe('«Argomenti»', () => {
  it("lists the first store's topics with the rooms serving them, and another store's when chosen", async () => {
    fakeApi();
    renderApp('/admin/argomenti');
    expect(await screen.findByRole('heading', { name: IT_MANAGEMENT.nav.topics })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Consulenza prodotto/ })).toHaveTextContent(TEXT.allRooms);
    expect(await within(rowOf('Resi')).findByText('Sala Assistenza, Sala Consulenza')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: TEXT.store }), 'Roma Termini');
    expect(await screen.findByRole('row', { name: /Informazioni/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Resi/ })).not.toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('punto-vendita')).toBe(ROMA.id);
  });

  it('creates a topic served by the rooms chosen among the store’s', async () => {
    const api = fakeApi();
    const { props } = renderApp('/admin/argomenti');
    await userEvent.click(await screen.findByRole('button', { name: TEXT.create }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.createTitle });

    await userEvent.click(within(dialog).getByRole('button', { name: FORM.create }));
    expect(within(dialog).getByText(IT_STORES.validation.topicNameRequired)).toBeInTheDocument();
    await userEvent.type(nameInput(dialog), 'Garanzia');
    expect(within(dialog).queryByText(IT_STORES.validation.topicNameRequired)).not.toBeInTheDocument();
    await pickRoom(dialog, 'Consulenza');
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.create }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/store/${MILANO.id}/topics`)).toEqual([{ name: 'Garanzia', price: null, roomIds: [CONSULENZA.id] }]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: TEXT.created });
    expect(await screen.findByRole('row', { name: /Garanzia/ })).toHaveTextContent('Sala Consulenza');
  });

  it('renames a topic and gives it back to every room', async () => {
    const api = fakeApi();
    renderApp('/admin/argomenti');
    await screen.findByRole('row', { name: /Resi/ });
    await userEvent.click(screen.getByRole('button', { name: TEXT.editLabel('Resi') }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.editTitle('Resi') });
    expect(nameInput(dialog)).toHaveValue('Resi');

    await userEvent.clear(nameInput(dialog));
    await userEvent.type(nameInput(dialog), 'Resi e rimborsi');
    // Backspace in the rooms' field takes the last chosen room out.
    await userEvent.click(within(dialog).getByRole('combobox', { name: TEXT.rooms }));
    await userEvent.keyboard('{Backspace}{Backspace}');
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/topic/${RESI.id}`)).toEqual([{ name: 'Resi e rimborsi', price: null, roomIds: [] }]);
    expect(await screen.findByRole('row', { name: /Resi e rimborsi/ })).toHaveTextContent(TEXT.allRooms);
  });

  it("puts the API's refusals under their field: a taken name, a room no longer of the store", async () => {
    let answer: FakeReply = { status: 409, body: { statusCode: 409, error: 'Conflict', message: IT_STORES.errors.topicNameTaken, field: 'name' } };
    fakeApi('admin', { [`POST /api/topic/${RESI.id}`]: () => answer });
    renderApp('/admin/argomenti');
    await screen.findByRole('row', { name: /Resi/ });
    await userEvent.click(screen.getByRole('button', { name: TEXT.editLabel('Resi') }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.editTitle('Resi') });
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.save }));
    expect(await within(dialog).findByText(IT_STORES.errors.topicNameTaken)).toBeInTheDocument();
    expect(nameInput(dialog)).toHaveAttribute('aria-invalid', 'true');

    answer = { status: 400, body: { statusCode: 400, error: 'Bad Request', message: IT_STORES.validation.roomIdsInvalid, field: 'roomIds' } };
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.save }));
    expect(await within(dialog).findByText(IT_STORES.validation.roomIdsInvalid)).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('the price', () => {
    const PRICE_MESSAGE = IT_PAID_BOOKING.validation.price('0,50 €', '10.000,00 €');
    const priceInput = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: IT_TOPIC_PRICE.label });

    it('is shown in the list in euro, «Gratuito» for a topic without one', async () => {
      fakeApi('admin', { [`GET /api/store/${MILANO.id}/topics`]: { status: 200, body: [PRODOTTO, { ...RESI, price: 123456 }] } });
      renderApp('/admin/argomenti');
      expect(await screen.findByRole('columnheader', { name: new RegExp(IT_TOPIC_PRICE.column) })).toBeInTheDocument();
      expect(await within(await screen.findByRole('row', { name: /Resi/ })).findByText('1.234,56 €')).toBeInTheDocument();
      expect(within(rowOf('Consulenza prodotto')).getByText(IT_TOPIC_PRICE.free)).toBeInTheDocument();
    });

    it('is typed in euro as at a counter and sent in cents; empty is free', async () => {
      const api = fakeApi();
      renderApp('/admin/argomenti');
      await userEvent.click(await screen.findByRole('button', { name: TEXT.create }));
      const dialog = await screen.findByRole('dialog', { name: TEXT.createTitle });
      expect(priceInput(dialog)).toHaveValue('');
      expect(priceInput(dialog)).toHaveAttribute('placeholder', IT_TOPIC_PRICE.placeholder);
      await userEvent.type(nameInput(dialog), 'Visita a pagamento');
      await userEvent.type(priceInput(dialog), '25,5');
      await userEvent.click(within(dialog).getByRole('button', { name: FORM.create }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.calls(`POST /api/store/${MILANO.id}/topics`)).toEqual([{ name: 'Visita a pagamento', price: 2550, roomIds: [] }]);
      expect(await within(await screen.findByRole('row', { name: /Visita a pagamento/ })).findByText('25,50 €')).toBeInTheDocument();
    });

    it.each([['abc'], ['0,10'], ['10000,01'], ['25,555'], ['-5']])('refuses «%s» under the field with the contract’s bounds, nothing sent', async (typed) => {
      const api = fakeApi();
      renderApp('/admin/argomenti');
      await userEvent.click(await screen.findByRole('button', { name: TEXT.create }));
      const dialog = await screen.findByRole('dialog', { name: TEXT.createTitle });
      await userEvent.type(nameInput(dialog), 'Garanzia');
      await userEvent.type(priceInput(dialog), typed);
      await userEvent.click(within(dialog).getByRole('button', { name: FORM.create }));
      expect(await within(dialog).findByText(PRICE_MESSAGE)).toBeInTheDocument();
      expect(priceInput(dialog)).toHaveAttribute('aria-invalid', 'true');
      expect(api.calls(`POST /api/store/${MILANO.id}/topics`)).toEqual([]);
    });

    it('shows a priced topic’s price to change, and takes it away when emptied', async () => {
      const api = fakeApi('admin', {
        [`GET /api/store/${MILANO.id}/topics`]: { status: 200, body: [{ ...RESI, price: 4500 }] },
        [`POST /api/topic/${RESI.id}`]: ({ body }) => ({ status: 200, body: { ...RESI, ...(body as object) } }),
      });
      renderApp('/admin/argomenti');
      await screen.findByRole('row', { name: /Resi/ });
      await userEvent.click(screen.getByRole('button', { name: TEXT.editLabel('Resi') }));
      const dialog = await screen.findByRole('dialog', { name: TEXT.editTitle('Resi') });
      expect(priceInput(dialog)).toHaveValue('45,00');
      await userEvent.clear(priceInput(dialog));
      await userEvent.click(within(dialog).getByRole('button', { name: FORM.save }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.calls(`POST /api/topic/${RESI.id}`)).toEqual([{ name: 'Resi', price: null, roomIds: RESI.roomIds }]);
    });

    it('puts the API’s refusal of the price under the field', async () => {
      fakeApi('admin', {
        [`POST /api/topic/${RESI.id}`]: { status: 400, body: { statusCode: 400, error: 'Bad Request', message: PRICE_MESSAGE, field: 'price' } },
      });
      renderApp('/admin/argomenti');
      await screen.findByRole('row', { name: /Resi/ });
      await userEvent.click(screen.getByRole('button', { name: TEXT.editLabel('Resi') }));
      const dialog = await screen.findByRole('dialog', { name: TEXT.editTitle('Resi') });
      await userEvent.type(priceInput(dialog), '30');
      await userEvent.click(within(dialog).getByRole('button', { name: FORM.save }));
      expect(await within(dialog).findByText(PRICE_MESSAGE)).toBeInTheDocument();
      expect(priceInput(dialog)).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  it('deletes a topic after confirmation', async () => {
    const api = fakeApi();
    renderApp('/admin/argomenti');
    await screen.findByRole('row', { name: /Consulenza prodotto/ });
    await userEvent.click(within(rowOf('Consulenza prodotto')).getByRole('button', { name: FORM.delete }));
    const dialog = await screen.findByRole('dialog', { name: FORM.confirmDeleteTitle });
    expect(dialog).toHaveTextContent(FORM.confirmDeleteText('Consulenza prodotto'));
    await userEvent.click(within(dialog).getByRole('button', { name: FORM.delete }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Consulenza prodotto/ })).not.toBeInTheDocument());
    expect(api.calls(`DELETE /api/topic/${PRODOTTO.id}`)).toHaveLength(1);
  });

  it('shows an operator the topics without any control to change them', async () => {
    fakeApi('operator');
    renderApp('/admin/argomenti');
    await screen.findByRole('row', { name: /Resi/ });
    expect(screen.getByText(TEXT.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.create })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FORM.delete })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.editLabel('Resi') })).not.toBeInTheDocument();
  });

  it('says there is no store to hold topics yet', async () => {
    fakeApi('admin', { 'GET /api/stores': { status: 200, body: [] } });
    renderApp('/admin/argomenti');
    expect(await screen.findByText(TEXT.noStores)).toBeInTheDocument();
  });
});

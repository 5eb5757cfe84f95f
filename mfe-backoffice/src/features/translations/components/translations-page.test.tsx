import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedStore } from '@incontra/contracts/api/store-management';
import type { RoomTranslation, StoreConfig } from '@incontra/contracts/api/stores';
import { TRANSLATION_CATALOGUE, TRANSLATION_KEYS } from '@incontra/contracts/api/translations';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { IT_TRANSLATIONS } from '@incontra/contracts/messages/it-translations';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const PAGE = IT_TRANSLATIONS.page;
const MILANO = 'a1f0c9d2-3b4e-4c5d-8e6f-7a8b9c0d1e2f';
const ROMA = 'b2e1d0c3-4c5f-4d6e-9f70-8b9c0d1e2f30';
const CONSULENZA = 'c3d2e1f4-5d60-4e7f-a081-9c0d1e2f3041';
const ASSISTENZA = 'd4e3f2a5-6e71-4f80-b192-0d1e2f304152';

function store(id: string, name: string): ManagedStore {
  return { id, name, address: null, wall: null, requirePhoneVerification: null, roomCount: 2, topicCount: 0 };
}

function room(id: string, storeId: string, name: string) {
  return { id, storeId, name, reservationSlots: 1, slotDuration: 30, maxParticipants: null };
}

const MILANO_CONFIG: StoreConfig = {
  ...store(MILANO, 'Milano Centro'),
  rooms: [room(CONSULENZA, MILANO, 'Sala Consulenza'), room(ASSISTENZA, MILANO, 'Sala Assistenza')],
  topics: [],
};

/** The API of one room's texts, kept in memory: the writes change what the next read answers. */
function fakeApi(
  stores: ManagedStore[] = [store(MILANO, 'Milano Centro'), store(ROMA, 'Roma Termini')],
  handlers: Record<string, FakeReply | ((request: { body: unknown }) => FakeReply)> = {},
) {
  let texts: RoomTranslation[] = [
    { key: 'title', label: 'Assistenza clienti', language: 'it' },
    { key: 'waitingMessage', label: 'Please wait.', language: 'en' },
  ];
  const fetchMock = mockFetch({
    'GET /api/me': { status: 200, body: TEST_USER },
    'GET /api/stores': { status: 200, body: stores },
    [`GET /api/config/store/${MILANO}`]: { status: 200, body: MILANO_CONFIG },
    [`GET /api/config/store/${ROMA}`]: { status: 200, body: { ...store(ROMA, 'Roma Termini'), rooms: [] } },
    [`GET /api/room/${ASSISTENZA}/translations`]: () => ({ status: 200, body: texts }),
    [`POST /api/room/${ASSISTENZA}/translations/en`]: ({ body }) => {
      const { key, label } = body as { key: string; label: string };
      texts = [...texts.filter((row) => !(row.key === key && row.language === 'en')), { key, label, language: 'en' }];
      return { status: 200, body: { key, label, language: 'en' } };
    },
    [`DELETE /api/room/${ASSISTENZA}/translations/en/waitingMessage`]: () => {
      texts = texts.filter((row) => !(row.key === 'waitingMessage' && row.language === 'en'));
      return { status: 200, body: { ok: true } };
    },
    ...handlers,
  });
  return fetchMock;
}

const select = (label: string) => screen.getByRole('combobox', { name: label });

/** The body rows of the table, each as its cells' text. */
function tableRows(): string[][] {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

function rowOf(description: string): HTMLElement {
  const row = within(screen.getByRole('table')).getByRole('cell', { name: description }).closest('tr');
  if (!row) throw new Error(`no row ${description}`);
  return row;
}

async function openAssistenza(language?: string) {
  const rendered = renderApp('/admin/traduzioni');
  await screen.findByRole('heading', { name: IT_MANAGEMENT.nav.translations });
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: PAGE.store }), MILANO);
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: PAGE.room }), ASSISTENZA);
  if (language) await userEvent.selectOptions(select(PAGE.language), language);
  const table = await screen.findByRole('table', { name: PAGE.caption('Sala Assistenza', IT_TRANSLATIONS.languages[(language ?? 'it') as 'it']) });
  return { props: rendered.props, table };
}

describe('Traduzioni', () => {
  it('lists every key of the catalogue with its default and the room’s own text in the chosen language', async () => {
    fakeApi();
    await openAssistenza();
    const rows = tableRows();
    expect(rows.map((cells) => cells[0])).toEqual(TRANSLATION_KEYS.map((key) => TRANSLATION_CATALOGUE[key].description));
    expect(rows[0]!.slice(0, 3)).toEqual([TRANSLATION_CATALOGUE.title.description, TRANSLATION_CATALOGUE.title.defaultText, 'Assistenza clienti']);
    expect(within(rowOf(TRANSLATION_CATALOGUE.waitingMessage.description)).getAllByRole('cell')[2]).toHaveTextContent(PAGE.usesDefault);

    await userEvent.selectOptions(select(PAGE.language), 'en');
    expect(await screen.findByRole('table', { name: PAGE.caption('Sala Assistenza', 'Inglese') })).toBeInTheDocument();
    expect(within(rowOf(TRANSLATION_CATALOGUE.title.description)).getAllByRole('cell')[2]).toHaveTextContent(PAGE.usesDefault);
    expect(within(rowOf(TRANSLATION_CATALOGUE.waitingMessage.description)).getAllByRole('cell')[2]).toHaveTextContent('Please wait.');
  });

  it('searches the descriptions, defaults and the room’s texts', async () => {
    fakeApi();
    await openAssistenza();
    await userEvent.type(screen.getByRole('searchbox', { name: IT_MANAGEMENT.table.search }), 'assistenza clienti');
    expect(tableRows().map((cells) => cells[0])).toEqual([TRANSLATION_CATALOGUE.title.description]);
  });

  it('edits a text in a dialog, checking it as it is typed, then shows the saved text', async () => {
    const fetchMock = fakeApi();
    const { props } = await openAssistenza('en');
    const description = TRANSLATION_CATALOGUE.askName.description;
    await userEvent.click(within(rowOf(description)).getByRole('button', { name: PAGE.edit(description) }));
    const dialog = await screen.findByRole('dialog', { name: PAGE.editTitle(description) });
    const field = within(dialog).getByRole('textbox', { name: /Testo \(Inglese\)/ });
    expect(field).toHaveValue(TRANSLATION_CATALOGUE.askName.defaultText);

    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: IT_MANAGEMENT.form.save }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(IT_TRANSLATIONS.validation.labelInvalid));
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit).method === 'POST')).toBe(false);

    await userEvent.type(field, '  Your name, please.  ');
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining(IT_TRANSLATIONS.validation.labelInvalid));
    await userEvent.click(within(dialog).getByRole('button', { name: IT_MANAGEMENT.form.save }));

    await waitFor(() => expect(within(rowOf(description)).getAllByRole('cell')[2]).toHaveTextContent('Your name, please.'));
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: PAGE.saved });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit).method === 'POST');
    expect(post?.[0]).toBe(`/api/room/${ASSISTENZA}/translations/en`);
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({ key: 'askName', label: 'Your name, please.' });
  });

  it('puts the API’s refusal of the text under the field', async () => {
    fakeApi(undefined, {
      [`POST /api/room/${ASSISTENZA}/translations/it`]: {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: IT_TRANSLATIONS.validation.labelInvalid, field: 'label' },
      },
    });
    await openAssistenza();
    const description = TRANSLATION_CATALOGUE.join.description;
    await userEvent.click(within(rowOf(description)).getByRole('button', { name: PAGE.edit(description) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: IT_MANAGEMENT.form.save }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Testo \(Italiano\)/ })).toHaveAccessibleDescription(
        expect.stringContaining(IT_TRANSLATIONS.validation.labelInvalid),
      ),
    );
  });

  it('brings a text back to its default after a confirmation, and offers it only for the room’s own texts', async () => {
    const fetchMock = fakeApi();
    const { props, table } = await openAssistenza('en');
    expect(within(rowOf(TRANSLATION_CATALOGUE.title.description)).queryByRole('button', { name: PAGE.reset })).not.toBeInTheDocument();

    const row = rowOf(TRANSLATION_CATALOGUE.waitingMessage.description);
    await userEvent.click(within(row).getByRole('button', { name: PAGE.reset }));
    const dialog = await screen.findByRole('dialog', { name: IT_MANAGEMENT.form.confirmDeleteTitle });
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit).method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: IT_MANAGEMENT.form.delete }));

    await waitFor(() => expect(within(rowOf(TRANSLATION_CATALOGUE.waitingMessage.description)).getAllByRole('cell')[2]).toHaveTextContent(PAGE.usesDefault));
    expect(table).toBeInTheDocument();
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: PAGE.resetDone });
    expect(
      fetchMock.mock.calls.some(([url, init]) => (init as RequestInit).method === 'DELETE' && url === `/api/room/${ASSISTENZA}/translations/en/waitingMessage`),
    ).toBe(true);
  });

  it('chooses the only store for you, and says when a store has no rooms or there are no stores', async () => {
    fakeApi([store(ROMA, 'Roma Termini')]);
    const { unmount } = renderApp('/admin/traduzioni');
    expect(await screen.findByText(PAGE.noRooms)).toBeInTheDocument();
    expect(select(PAGE.store)).toHaveValue(ROMA);
    unmount();

    fakeApi([]);
    renderApp('/admin/traduzioni');
    expect(await screen.findByText(PAGE.noStores)).toBeInTheDocument();
  });

  it('is open to operators, for the stores the API lists for them', async () => {
    fakeApi([store(ROMA, 'Roma Termini')], { 'GET /api/me': { status: 200, body: { ...TEST_USER, role: 'operator' } } });
    renderApp('/admin/traduzioni');
    expect(await screen.findByRole('heading', { name: IT_MANAGEMENT.nav.translations })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: PAGE.store })).toHaveValue(ROMA);
    expect(screen.queryByText(IT_MANAGEMENT.forbidden)).not.toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    fakeApi(undefined, {
      'GET /api/stores': () =>
        fail
          ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Errore' } }
          : { status: 200, body: [store(MILANO, 'Milano Centro')] },
    });
    renderApp('/admin/traduzioni');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IT_MANAGEMENT.table.loadFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: IT_MANAGEMENT.table.retry }));
    expect(await screen.findByRole('combobox', { name: PAGE.room })).toBeInTheDocument();
  });
});

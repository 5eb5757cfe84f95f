import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { visitorCredentialsKey } from '@incontra/contracts/api/join-requests';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { REQUEST_ID, ROOM_ID, STORE_ID, VISITOR_TOKEN, apiError, sentRequest } from '../testing/join-request-fixtures';
import { roomTexts, SERVER_ERROR, setBrowserLanguage } from '../../texts/testing/room-texts';
import { OTHER_ROOM, ROOM, SEND_PATH, STORE, callsTo, liveHeader, renderLive, sendName } from '../testing/render-live';

const COMPANY_CONFIG = { id: TEST_COMPANY.id, name: 'Demo', stores: [{ id: STORE_ID, name: 'Milano Centro', address: null, wall: null }] };

describe('live flow, name step', () => {
  afterEach(() => window.sessionStorage.clear());

  it('validates the name in Italian with the contract rules before sending anything', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLive(`/partecipa?store=${STORE_ID}`, {});
    expect(await screen.findByText(`${IT.visitor.storeLabel}: Milano Centro`)).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: IT.visitor.askName });
    expect(name).toBeRequired();

    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.send }));
    expect(name).toBeInvalid();
    expect(name).toHaveAccessibleDescription(IT.validation.nameRequired);
    expect(name).toHaveFocus();

    await user.type(name, 'x'.repeat(61));
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.send }));
    expect(name).toHaveAccessibleDescription(IT_LOBBY.visitor.nameTooLong);
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.send }));
    expect(name).toHaveAccessibleDescription(IT.validation.nameRequired);
    expect(callsTo(fetchMock, SEND_PATH)).toHaveLength(0);
  });

  it('shows the form only once the store and its rooms are known, so that nothing moves under the visitor', async () => {
    renderLive(
      `/partecipa?store=${STORE_ID}`,
      {
        'GET /api/config/company': { status: 200, body: COMPANY_CONFIG },
        [`GET /api/config/store/${STORE_ID}`]: { status: 200, body: { ...STORE, rooms: [ROOM, OTHER_ROOM] } },
      },
      null,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(IT.shell.loading);
    expect(screen.queryByRole('textbox', { name: IT.visitor.askName })).not.toBeInTheDocument();
    // Lead, name and room select arrive together, the spinner goes.
    expect(await screen.findByRole('textbox', { name: IT.visitor.askName })).toBeInTheDocument();
    expect(screen.getByText(`${IT.visitor.storeLabel}: Milano Centro`)).toBeInTheDocument();
    expect(screen.getByTestId('live-room-select')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends the name and the only room, keeps the credentials for the room, then waits', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLive(`/partecipa?store=${STORE_ID}`, { [SEND_PATH]: { status: 200, body: sentRequest() } });
    expect(screen.queryByTestId('live-room-select')).not.toBeInTheDocument();
    await sendName(user, '  Giulia ');

    expect(await screen.findByTestId('waiting-step')).toHaveTextContent(IT.visitor.waiting);
    expect(callsTo(fetchMock, SEND_PATH).map((call) => call.body)).toEqual([{ name: 'Giulia', room: ROOM_ID }]);
    expect(JSON.parse(window.sessionStorage.getItem(visitorCredentialsKey(REQUEST_ID)) ?? 'null')).toEqual({
      requestId: REQUEST_ID,
      visitorToken: VISITOR_TOKEN,
      name: 'Giulia',
      storeId: STORE_ID,
      roomId: ROOM_ID,
    });
    expect(liveHeader()).toHaveTextContent(IT.visitor.waiting);
  });

  it('asks which room when the store has several, and sends the chosen one', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLive(
      `/partecipa?store=${STORE_ID}`,
      { [SEND_PATH]: { status: 200, body: sentRequest() } },
      { ...STORE, rooms: [ROOM, OTHER_ROOM] },
    );
    const select = screen.getByTestId('live-room-select');
    expect(select).toHaveAccessibleName(IT_LOBBY.visitor.chooseRoom);
    await user.selectOptions(select, 'Sala Prodotti');
    await sendName(user);
    await screen.findByTestId('waiting-step');
    expect(callsTo(fetchMock, SEND_PATH)[0]?.body).toEqual({ name: 'Giulia', room: OTHER_ROOM.id });
  });

  it('reads the rooms from the API when the shell did not load the store', async () => {
    renderLive(
      `/partecipa?store=${STORE_ID}`,
      {
        'GET /api/config/company': { status: 200, body: COMPANY_CONFIG },
        [`GET /api/config/store/${STORE_ID}`]: { status: 200, body: { ...STORE, rooms: [ROOM, OTHER_ROOM] } },
      },
      null,
    );
    expect(await screen.findByTestId('live-room-select')).toBeInTheDocument();
    expect(await screen.findByText(`${IT.visitor.storeLabel}: Milano Centro`)).toBeInTheDocument();
  });

  it('says so when the store has no room to talk in', async () => {
    renderLive(`/partecipa?store=${STORE_ID}`, {}, { ...STORE, rooms: [] });
    expect(screen.getByText(IT_LOBBY.visitor.noRooms)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: IT_LOBBY.visitor.send })).toBeDisabled();
  });

  it('shows the API refusal in Italian: a named field under its input, anything else in an alert', async () => {
    const user = userEvent.setup();
    let reply = apiError(400, IT_LOBBY.visitor.nameTooLong, 'name');
    renderLive(`/partecipa?store=${STORE_ID}`, { [SEND_PATH]: () => reply });
    await sendName(user);
    const name = screen.getByRole('textbox', { name: IT.visitor.askName });
    await waitFor(() => expect(name).toHaveAccessibleDescription(IT_LOBBY.visitor.nameTooLong));

    reply = apiError(429, IT.errors.tooManyRequests);
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IT.errors.tooManyRequests);
    expect(screen.queryByTestId('waiting-step')).not.toBeInTheDocument();
  });

  it('checks the name on leaving it and as it is typed once wrong, and a refusal of it goes once it is corrected', async () => {
    const user = userEvent.setup();
    renderLive(`/partecipa?store=${STORE_ID}`, { [SEND_PATH]: apiError(400, IT_LOBBY.visitor.nameTooLong, 'name') });
    const name = await screen.findByRole('textbox', { name: IT.visitor.askName });
    await user.click(name);
    await user.tab();
    expect(name).toHaveAccessibleDescription(IT.validation.nameRequired);
    await user.type(name, '<');
    expect(name).toHaveAccessibleDescription(IT_LOBBY.visitor.nameCharacters);
    await user.clear(name);
    await user.type(name, 'Giulia');
    expect(name).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.send }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(IT_LOBBY.visitor.nameTooLong));
    await user.type(name, ' R');
    expect(name).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses markup and invisible characters before sending, and sends the name normalised', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLive(`/partecipa?store=${STORE_ID}`, { [SEND_PATH]: { status: 200, body: sentRequest() } });
    const name = screen.getByRole('textbox', { name: IT.visitor.askName });
    for (const typed of ['<img src=x onerror=alert(1)>', 'Giulia\u202Egnp.exe']) {
      await user.clear(name);
      await user.type(name, typed);
      await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.send }));
      expect(name).toHaveAccessibleDescription(IT_LOBBY.visitor.nameCharacters);
    }
    expect(callsTo(fetchMock, SEND_PATH)).toHaveLength(0);

    await user.clear(name);
    // Pasted as is: spaces and a tab around and inside, the ò decomposed (o + U+0300).
    await user.paste('  Nicolo\u0300 \t  Rossi ');
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.send }));
    await waitFor(() => expect(callsTo(fetchMock, SEND_PATH).map((call) => call.body)).toEqual([{ name: 'Nicolò Rossi', room: ROOM_ID }]));
  });

  it("says so when the store's queue is full, and offers to book an appointment instead", async () => {
    const user = userEvent.setup();
    renderLive(`/partecipa?store=${STORE_ID}`, { [SEND_PATH]: apiError(429, IT_LOBBY.errors.queueFull) });
    await sendName(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_LOBBY.errors.queueFull);
    expect(screen.getByTestId('book-instead')).toHaveAttribute('href', `/prenota?store=${STORE_ID}`);
    expect(screen.queryByTestId('waiting-step')).not.toBeInTheDocument();
  });

  it('says the server cannot be reached when the network fails', async () => {
    const user = userEvent.setup();
    renderLive(`/partecipa?store=${STORE_ID}`, {});
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await sendName(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(IT.errors.network);
  });

  it('goes back to the welcome screen keeping the store', async () => {
    const user = userEvent.setup();
    renderLive(`/partecipa?store=${STORE_ID}`, { 'GET /api/config/company': { status: 200, body: COMPANY_CONFIG } });
    await user.click(screen.getByRole('link', { name: IT.visitor.back }));
    expect(window.location.pathname).toBe('/');
    expect(window.location.search).toBe(`?store=${STORE_ID}`);
  });

  it('offers the invitation form beside the name', async () => {
    renderLive(`/partecipa?store=${STORE_ID}`, {});
    const form = await screen.findByTestId('invitation-form');
    expect(within(form).getByRole('heading', { name: IT_LOBBY.visitor.invitationTitle })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: IT_LOBBY.visitor.invitationCodeLabel })).toHaveValue('');
  });
});

const LIVE_TEXTS = { liveTitle: 'Parla con noi', askName: 'Come ti chiami?', waitingMessage: 'Un attimo: arriva un consulente.' };

describe('live flow in the room’s words', () => {
  beforeEach(() => setBrowserLanguage('it-IT'));
  afterEach(() => {
    window.sessionStorage.clear();
    jest.restoreAllMocks();
  });

  it('titles the page, asks the name and says to wait as the shell store’s room words it', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLive(`/partecipa?store=${STORE_ID}`, { [SEND_PATH]: { status: 200, body: sentRequest() } }, STORE, roomTexts('it', LIVE_TEXTS));

    expect(screen.getByRole('heading', { level: 1, name: 'Parla con noi' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Come ti chiami?' }), 'Giulia');
    await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.send }));

    expect(await screen.findByTestId('waiting-step')).toHaveTextContent('Un attimo: arriva un consulente.');
    expect(liveHeader()).not.toHaveTextContent(IT.visitor.waiting);
    expect(screen.getByRole('heading', { level: 1, name: 'Parla con noi' })).toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /api/room/${ROOM_ID}/translations`)).toHaveLength(0);
  });

  it('reads another store’s room texts before showing the step, under the heading the page started with', async () => {
    renderLive(
      `/partecipa?store=${STORE_ID}`,
      {
        'GET /api/config/company': { status: 200, body: COMPANY_CONFIG },
        [`GET /api/config/store/${STORE_ID}`]: { status: 200, body: STORE },
        [`GET /api/room/${ROOM_ID}/translations`]: { status: 200, body: roomTexts('it', LIVE_TEXTS) },
      },
      null,
    );
    expect(screen.getByRole('heading', { level: 1, name: IT.visitor.liveTitle })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Come ti chiami?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Parla con noi' })).toBeInTheDocument();
  });

  it('keeps the default words when the room’s texts cannot be read', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLive(
      `/partecipa?store=${STORE_ID}`,
      {
        'GET /api/config/company': { status: 200, body: COMPANY_CONFIG },
        [`GET /api/config/store/${STORE_ID}`]: { status: 200, body: STORE },
        [`GET /api/room/${ROOM_ID}/translations`]: SERVER_ERROR,
        [SEND_PATH]: { status: 200, body: sentRequest() },
      },
      null,
    );
    await sendName(user);
    expect(await screen.findByTestId('waiting-step')).toHaveTextContent(IT.visitor.waiting);
    expect(screen.getByRole('heading', { level: 1, name: IT.visitor.liveTitle })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `GET /api/room/${ROOM_ID}/translations`)).toHaveLength(1);
  });
});

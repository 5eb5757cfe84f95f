import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { apiError, sentRequest } from '../testing/join-request-fixtures';
import { SEND_PATH, callsTo, renderLive } from '../testing/render-live';

const INVITATION_PATH = 'POST /api/video-room/invitation/send-join-request';
const RESERVATION_ID = '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';
const RESERVATION_PATH = `POST /api/video-room/reservation/${RESERVATION_ID}/send-join-request`;

describe('live flow, invitations', () => {
  afterEach(() => window.sessionStorage.clear());

  it('fills the code and the name staff typed from the link, with one action that sends both', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLive('/partecipa?invito=ABCD-EFGH23&nome=Luca+Verdi', {
      [INVITATION_PATH]: { status: 200, body: sentRequest({ source: 'invitation', name: 'Luca Verdi' }) },
    });
    const form = await screen.findByTestId('live-name-form');
    expect(within(form).getByRole('textbox', { name: IT.visitor.askName })).toHaveValue('Luca Verdi');
    expect(within(form).getByRole('textbox', { name: IT_LOBBY.visitor.invitationCodeLabel })).toHaveValue('ABCD-EFGH23');
    // The invitation decides the store and the room.
    expect(screen.queryByText(`${IT.visitor.storeLabel}: Milano Centro`)).not.toBeInTheDocument();
    // One way to send it: no second form, no 'Chiedi di parlare' beside 'Usa l'invito'.
    expect(screen.queryByTestId('invitation-form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: IT_LOBBY.visitor.send })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);

    await user.click(within(form).getByRole('button', { name: IT_LOBBY.visitor.invitationSend }));
    expect(await screen.findByTestId('waiting-step')).toBeInTheDocument();
    expect(callsTo(fetchMock, INVITATION_PATH).map((call) => call.body)).toEqual([{ code: 'ABCDEFGH23', name: 'Luca Verdi' }]);
    expect(callsTo(fetchMock, SEND_PATH)).toHaveLength(0);
  });

  it('asks the name when the link has none, and says why a code is refused', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLive('/partecipa?invito=ABCD-EFGH23', { [INVITATION_PATH]: apiError(404, IT_LOBBY.errors.invitationInvalid) });
    const form = await screen.findByTestId('live-name-form');
    const name = within(form).getByRole('textbox', { name: IT.visitor.askName });
    expect(name).toHaveValue('');
    const send = within(form).getByRole('button', { name: IT_LOBBY.visitor.invitationSend });

    await user.click(send);
    expect(name).toHaveAccessibleDescription(IT.validation.nameRequired);
    expect(callsTo(fetchMock, INVITATION_PATH)).toHaveLength(0);

    await user.type(name, 'Luca');
    await user.click(send);
    expect(await within(form).findByRole('alert')).toHaveTextContent(IT_LOBBY.errors.invitationInvalid);
    expect(callsTo(fetchMock, INVITATION_PATH).map((call) => call.body)).toEqual([{ code: 'ABCDEFGH23', name: 'Luca' }]);
  });

  it('sends a typed code with the name from the invitation form, and shows a refused code', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLive('/partecipa', { [INVITATION_PATH]: apiError(404, IT_LOBBY.errors.invitationInvalid) });
    const form = await screen.findByTestId('invitation-form');
    const send = within(form).getByRole('button', { name: IT_LOBBY.visitor.invitationSend });

    await user.click(send);
    expect(within(form).getByRole('textbox', { name: IT_LOBBY.visitor.invitationCodeLabel })).toHaveAccessibleDescription(
      IT_LOBBY.errors.invitationCodeRequired,
    );
    expect(screen.getByRole('textbox', { name: IT.visitor.askName })).toHaveAccessibleDescription(IT.validation.nameRequired);

    await user.type(within(form).getByRole('textbox', { name: IT_LOBBY.visitor.invitationCodeLabel }), 'abcd efgh 23');
    await user.type(screen.getByRole('textbox', { name: IT.visitor.askName }), 'Luca');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_LOBBY.errors.invitationInvalid);
    expect(callsTo(fetchMock, INVITATION_PATH)[0]?.body).toEqual({ code: 'ABCDEFGH23', name: 'Luca' });
  });
});

describe('live flow, reservations', () => {
  it('sends the reservation request at once with the customer’s join token, without a name, and waits', async () => {
    const { fetchMock } = renderLive(`/partecipa?appuntamento=${RESERVATION_ID}&token=gettone-cliente_456`, {
      [RESERVATION_PATH]: { status: 200, body: sentRequest({ source: 'reservation', name: 'Anna Bianchi' }) },
    });
    expect(await screen.findByTestId('waiting-step')).toBeInTheDocument();
    expect(callsTo(fetchMock, RESERVATION_PATH).map((call) => call.body)).toEqual([{ token: 'gettone-cliente_456' }]);
  });

  it('sends an invited participant’s id and token from their personal link, so that they join under their own name', async () => {
    const participant = { id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d', token: 'gettone-personale_123' };
    const { fetchMock } = renderLive(`/partecipa?appuntamento=${RESERVATION_ID}&partecipante=${participant.id}&token=${participant.token}`, {
      [RESERVATION_PATH]: { status: 200, body: sentRequest({ source: 'reservation', name: 'Laura Bianchi' }) },
    });
    expect(await screen.findByTestId('waiting-step')).toBeInTheDocument();
    expect(callsTo(fetchMock, RESERVATION_PATH).map((call) => call.body)).toEqual([{ participant }]);
  });

  it('says in Italian why the reservation cannot be joined yet, and tries again on demand', async () => {
    const user = userEvent.setup();
    let reply = apiError(409, IT_LOBBY.errors.reservationTooEarly);
    const { fetchMock } = renderLive(`/partecipa?appuntamento=${RESERVATION_ID}`, { [RESERVATION_PATH]: () => reply });
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_LOBBY.errors.reservationTooEarly);
    expect(screen.queryByTestId('live-name-form')).not.toBeInTheDocument();

    reply = { status: 200, body: sentRequest({ source: 'reservation' }) };
    await user.click(screen.getByRole('button', { name: IT.shell.retry }));
    expect(await screen.findByTestId('waiting-step')).toBeInTheDocument();
    expect(callsTo(fetchMock, RESERVATION_PATH)).toHaveLength(2);
  });
});

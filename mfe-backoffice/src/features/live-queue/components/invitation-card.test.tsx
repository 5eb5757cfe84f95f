import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderLiveQueue } from '../testing/live-queue-harness';
import { formatExpiry } from './invitation-result';

const staff = IT_LOBBY.staff;
const STORE_A = { id: '11111111-1111-4111-8111-111111111111', name: 'Milano Centro', address: null, wall: null };
const STORE_B = { id: '22222222-2222-4222-8222-222222222222', name: 'Roma Prati', address: null, wall: null };
const room = (id: string, storeId: string, name: string) => ({ id, storeId, name, reservationSlots: 1, slotDuration: 30, maxParticipants: 4 });
const ROOM_1 = room('33333333-3333-4333-8333-333333333333', STORE_A.id, 'Sala Consulenza');
const ROOM_2 = room('44444444-4444-4444-8444-444444444444', STORE_B.id, 'Sala Roma');
const INVITATION = {
  code: 'ABCD234XYZ',
  url: 'http://localhost/partecipa?invito=ABCD234XYZ',
  roomId: ROOM_2.id,
  storeId: STORE_B.id,
  name: 'Anna',
  expiresAt: '2026-03-03T10:00:00.000Z',
};

function serveRooms(invitation: Parameters<typeof mockFetch>[0][string]) {
  return mockFetch({
    'GET /api/bo/join-requests': { status: 200, body: { requests: [] } },
    'GET /api/config/company': { status: 200, body: { id: TEST_COMPANY.id, name: 'Demo', stores: [STORE_A, STORE_B] } },
    [`GET /api/config/store/${STORE_A.id}`]: { status: 200, body: { ...STORE_A, rooms: [ROOM_1] } },
    [`GET /api/config/store/${STORE_B.id}`]: { status: 200, body: { ...STORE_B, rooms: [ROOM_2] } },
    'POST /api/bo/invitations': invitation,
  });
}

describe('invitation', () => {
  it('creates an invitation for the chosen room and shows its link, code and expiry', async () => {
    const user = userEvent.setup();
    const fetchMock = serveRooms({ status: 200, body: INVITATION });
    renderLiveQueue();
    const form = await screen.findByTestId('invitation-form');
    const select = within(form).getByRole('combobox', { name: staff.room });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    expect(within(select).getByRole('group', { name: 'Roma Prati' })).toBeInTheDocument();

    await user.selectOptions(select, ROOM_2.id);
    await user.type(within(form).getByRole('textbox', { name: staff.invitationName }), 'Anna');
    await user.click(within(form).getByRole('button', { name: staff.invitationCreate }));

    // The visitor cannot read the invitation before using it: the link carries the name to prefill.
    const linkWithName = `${INVITATION.url}&nome=Anna`;
    const link = await screen.findByTestId('invitation-link');
    expect(link).toHaveTextContent(linkWithName);
    expect(link).toHaveAttribute('href', linkWithName);
    expect(screen.getByTestId('invitation-code')).toHaveTextContent('ABCD234XYZ');
    expect(screen.getByText(staff.invitationExpires(formatExpiry(INVITATION.expiresAt)))).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/bo/invitations');
    expect(JSON.parse((call?.[1] as RequestInit).body as string)).toEqual({ room: ROOM_2.id, name: 'Anna' });

    await user.click(screen.getByRole('button', { name: staff.copy }));
    expect(await navigator.clipboard.readText()).toBe(linkWithName);
    expect(screen.getByRole('button', { name: staff.copied })).toBeInTheDocument();
  });

  it('clears the name after a created invitation, keeping the room, so the next visitor starts blank', async () => {
    const user = userEvent.setup();
    serveRooms({ status: 200, body: INVITATION });
    renderLiveQueue();
    const form = await screen.findByTestId('invitation-form');
    const select = within(form).getByRole('combobox', { name: staff.room });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(select, ROOM_2.id);
    const name = within(form).getByRole('textbox', { name: staff.invitationName });
    await user.type(name, 'Anna');
    await user.click(within(form).getByRole('button', { name: staff.invitationCreate }));

    expect(await screen.findByTestId('invitation-link')).toBeInTheDocument();
    expect(name).toHaveValue('');
    expect(select).toHaveValue(ROOM_2.id);
  });

  it('keeps the name when the API refuses, so it can be sent again', async () => {
    const user = userEvent.setup();
    serveRooms({ status: 404, body: { statusCode: 404, error: 'Not Found', message: IT_LOBBY.errors.storeNotServed } });
    renderLiveQueue();
    const form = await screen.findByTestId('invitation-form');
    await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(2));
    const name = within(form).getByRole('textbox', { name: staff.invitationName });
    await user.type(name, 'Anna');
    await user.click(within(form).getByRole('button', { name: staff.invitationCreate }));

    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    expect(name).toHaveValue('Anna');
  });

  it('leaves the name out when empty and says why the API refused', async () => {
    const fetchMock = serveRooms({ status: 404, body: { statusCode: 404, error: 'Not Found', message: IT_LOBBY.errors.storeNotServed } });
    renderLiveQueue();
    const form = await screen.findByTestId('invitation-form');
    await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(2));
    await userEvent.click(within(form).getByRole('button', { name: staff.invitationCreate }));

    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByTestId('invitation-link')).not.toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/bo/invitations');
    expect(JSON.parse((call?.[1] as RequestInit).body as string)).toEqual({ room: ROOM_1.id });
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT } from '@incontra/contracts/messages/it';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { TEST_COMPANY, TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const STORE_A = { id: '11111111-1111-4111-8111-111111111111', name: 'Milano Centro', address: null, wall: null };
const STORE_B = { id: '22222222-2222-4222-8222-222222222222', name: 'Roma Prati', address: null, wall: null };
const room = (id: string, storeId: string, name: string) => ({ id, storeId, name, reservationSlots: 1, slotDuration: 30, maxParticipants: 4 });
const ROOM_1 = room('33333333-3333-4333-8333-333333333333', STORE_A.id, 'Sala Consulenza');
const ROOM_2 = room('44444444-4444-4444-8444-444444444444', STORE_B.id, 'Sala Roma');

describe('rooms card on the dashboard', () => {
  it('lists the company rooms with a link into each, opened through the shell', async () => {
    const fetchMock = mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      'GET /api/config/company': { status: 200, body: { id: TEST_COMPANY.id, name: 'Demo', stores: [STORE_A, STORE_B] } },
      [`GET /api/config/store/${STORE_A.id}`]: { status: 200, body: { ...STORE_A, rooms: [ROOM_1] } },
      [`GET /api/config/store/${STORE_B.id}`]: { status: 200, body: { ...STORE_B, rooms: [ROOM_2] } },
    });
    const { props } = renderApp('/admin');
    const card = await screen.findByRole('region', { name: IT_ROOM.roomsCardTitle });
    const link = await within(card).findByRole('link', { name: `${IT_ROOM.enterRoom}: Sala Consulenza` });
    expect(link).toHaveAttribute('href', `/room/${ROOM_1.id}`);
    expect(within(card).getByRole('link', { name: `${IT_ROOM.enterRoom}: Sala Roma` })).toHaveAttribute('href', `/room/${ROOM_2.id}`);
    expect(within(card).getByText('Roma Prati')).toBeInTheDocument();

    await userEvent.click(link);
    expect(props.navigate).toHaveBeenCalledWith(`/room/${ROOM_1.id}`);
    const companyCall = fetchMock.mock.calls.find(([url]) => url === '/api/config/company');
    expect((companyCall?.[1] as RequestInit).headers).toMatchObject({ 'x-origin': window.location.origin });
  });

  it('says when the company has no rooms', async () => {
    mockFetch({
      'GET /api/me': { status: 200, body: TEST_USER },
      'GET /api/config/company': { status: 200, body: { id: TEST_COMPANY.id, name: 'Demo', stores: [STORE_A] } },
      [`GET /api/config/store/${STORE_A.id}`]: { status: 200, body: { ...STORE_A, rooms: [] } },
    });
    renderApp('/admin');
    expect(await screen.findByText(IT_ROOM.roomsCardEmpty)).toBeInTheDocument();
  });

  it('offers a retry when the rooms cannot be loaded', async () => {
    mockFetch({ 'GET /api/me': { status: 200, body: TEST_USER } });
    renderApp('/admin');
    expect(await screen.findByText(IT_ROOM.roomsLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: IT.shell.retry })).toBeInTheDocument();
  });
});

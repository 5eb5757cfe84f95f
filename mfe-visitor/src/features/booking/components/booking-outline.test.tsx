import { screen, within } from '@testing-library/react';
import type { StoreConfig } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { TEST_COMPANY } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';
import { roomTexts, SERVER_ERROR, setBrowserLanguage } from '../../texts/testing/room-texts';

const ROOM = {
  id: '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
  storeId: '5f0e0a52-8d4b-4c1e-9b7a-0a1b2c3d4e01',
  name: 'Sala 1',
  reservationSlots: 0,
  slotDuration: 30,
  maxParticipants: null,
};
const STORE_ROW = { id: ROOM.storeId, name: 'Milano Centro', address: null, wall: null };
const STORE: StoreConfig = { ...STORE_ROW, rooms: [ROOM], topics: [] };

describe('booking outline', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the three steps in order and says booking is not active yet', async () => {
    mockFetch({ 'GET /api/config/company': { status: 200, body: { id: TEST_COMPANY.id, name: 'Demo', stores: [STORE_ROW] } } });
    renderApp('/prenota');
    expect(await screen.findByRole('heading', { level: 1, name: IT.visitor.bookingTitle })).toBeInTheDocument();
    const steps = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual(['Argomento', 'Data e ora', 'Dati personali']);
    expect(screen.getByText(IT.visitor.bookingSoon)).toBeInTheDocument();
    expect(screen.getByText(`${IT.visitor.storeLabel}: Milano Centro`)).toBeInTheDocument();
  });

  it('shows the booking title of the shell store’s room, in the browser’s language when the room has it', () => {
    setBrowserLanguage('en-GB');
    const fetchMock = mockFetch({});
    const translations = [...roomTexts('it', { bookingTitle: 'Fissa un appuntamento' }), ...roomTexts('en', { bookingTitle: 'Book a meeting' })];
    renderApp(`/prenota?store=${STORE.id}`, buildMfeProps({ storeContext: { store: STORE, translations } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Book a meeting' })).toBeInTheDocument();
    expect(screen.getByText(`${IT.visitor.storeLabel}: Milano Centro`)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['the room’s own title', { status: 200, body: roomTexts('it', { bookingTitle: 'Fissa un appuntamento' }) }, 'Fissa un appuntamento'],
    ['the default when the room’s texts cannot be read', SERVER_ERROR, IT.visitor.bookingTitle],
  ])('paints its heading once, after reading another store’s room texts: %s', async (_case, reply, title) => {
    setBrowserLanguage('it-IT');
    mockFetch({
      'GET /api/config/company': { status: 200, body: { id: TEST_COMPANY.id, name: 'Demo', stores: [STORE_ROW] } },
      [`GET /api/config/store/${STORE.id}`]: { status: 200, body: STORE },
      [`GET /api/room/${ROOM.id}/translations`]: reply,
    });
    renderApp('/prenota');
    expect(screen.getByRole('status')).toHaveTextContent(IT.shell.loading);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('answers an unknown visitor path with the not-found texts', () => {
    mockFetch({});
    const { props } = renderApp('/webinar/unknown');
    expect(screen.getByRole('heading', { name: IT.shell.notFoundHeading })).toBeInTheDocument();
    screen.getByRole('button', { name: IT.shell.backHome }).click();
    expect(props.navigate).toHaveBeenCalledWith('/', { replace: true });
  });
});

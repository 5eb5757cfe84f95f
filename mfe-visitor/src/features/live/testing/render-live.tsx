import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { RoomTranslation, StoreConfig } from '@incontra/contracts/api/stores';
import { IT } from '@incontra/contracts/messages/it';
import { IT_LOBBY } from '@incontra/contracts/messages/it-lobby';
import { buildMfeProps } from '@incontra/mfe-kit/testing/build-mfe-props';
import { mockFetch, requestsTo, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';
import { FakeLobbySockets } from '../realtime/testing/fake-lobby-socket';
import { OTHER_ROOM_ID, REQUEST_ID, ROOM_ID, STORE_ID } from './join-request-fixtures';

type Handler = Parameters<typeof mockFetch>[0][string];

export const ROOM = { id: ROOM_ID, storeId: STORE_ID, name: 'Sala Consulenza', reservationSlots: 0, slotDuration: 30, maxParticipants: 4 };
export const OTHER_ROOM = { ...ROOM, id: OTHER_ROOM_ID, name: 'Sala Prodotti' };
export const STORE: StoreConfig = { id: STORE_ID, name: 'Milano Centro', address: null, wall: null, rooms: [ROOM], topics: [] };

export const SEND_PATH = `POST /api/video-room/${STORE_ID}/send-join-request`;
export const STATUS_PATH = `POST /api/video-room/join-request/${REQUEST_ID}`;
export const CANCEL_PATH = `POST /api/video-room/join-request/${REQUEST_ID}/cancel`;

/**
 * The live page at `path` for a store the shell already loaded (`store`, its first room's
 * `translations`), with the API answering `handlers` and the page's WebSockets replaced by fakes
 * the test opens, feeds and cuts.
 */
export function renderLive(
  path: string,
  handlers: Record<string, Handler | FakeReply>,
  store: StoreConfig | null = STORE,
  translations: RoomTranslation[] = [],
) {
  const sockets = new FakeLobbySockets().install();
  // The status fallback is unavailable unless a test answers it: a 404 there would mean the
  // request is gone, which only the tests about that should say.
  const fetchMock = mockFetch({ [STATUS_PATH]: { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'down' } }, ...handlers });
  const props = buildMfeProps({ storeContext: { store, translations } });
  const rendered = renderApp(path, props);
  return { ...rendered, sockets, fetchMock };
}

/** The calls made to `method path`, with their parsed bodies and headers. */
export function callsTo(fetchMock: jest.Mock, key: string): { body: unknown; headers: Record<string, string>; init: RequestInit }[] {
  return requestsTo(fetchMock, key).map(({ init }) => ({
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    headers: (init.headers ?? {}) as Record<string, string>,
    init,
  }));
}

/** Types the name and sends it from the name step. */
export async function sendName(user: ReturnType<typeof userEvent.setup>, name = 'Giulia') {
  await user.type(await screen.findByRole('textbox', { name: IT.visitor.askName }), name);
  await user.click(screen.getByRole('button', { name: IT_LOBBY.visitor.send }));
}

/** The page's header, the live region that announces each new step. */
export function liveHeader(): HTMLElement {
  const region = document.querySelector<HTMLElement>('[aria-live="polite"]');
  if (!region) throw new Error('no live region');
  return region;
}

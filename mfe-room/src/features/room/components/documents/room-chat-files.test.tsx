import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { IT } from '@incontra/contracts/messages/it';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { ROOM_ID, roomDocument } from '../../session/testing/session-harness';
import { renderInRoom } from '../testing/render-in-room';
import { RoomChatFiles } from './room-chat-files';

const SCONTRINO = roomDocument({ id: '00000000-0000-4000-8000-0000000000c1', name: 'scontrino.pdf' });
const GARANZIA = roomDocument({ id: '00000000-0000-4000-8000-0000000000c2', name: 'garanzia.pdf' });

const listUrls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === 'GET').map(([url]) => String(url));

describe('chat files (staff)', () => {
  it('asks for the chat files only once opened, then lists them with their links', async () => {
    const fetchMock = mockFetch({ [`GET /api/room/${ROOM_ID}/documents`]: { status: 200, body: [GARANZIA, SCONTRINO] } });
    renderInRoom(<RoomChatFiles roomId={ROOM_ID} />);
    expect(screen.getByText(IT_ROOM.chatFilesTitle)).toBeInTheDocument();
    expect(listUrls(fetchMock)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: IT_ROOM.chatFilesShow }));
    const items = await screen.findAllByTestId('room-chat-file');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['garanzia.pdf', 'scontrino.pdf']);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', GARANZIA.url);
    expect(listUrls(fetchMock)).toEqual([`/api/room/${ROOM_ID}/documents?kind=chat`]);

    await userEvent.click(screen.getByRole('button', { name: IT_ROOM.chatFilesHide }));
    expect(screen.queryByTestId('room-chat-file')).not.toBeInTheDocument();
  });

  it('says so when the chat has no files, or when they cannot be loaded', async () => {
    mockFetch({ [`GET /api/room/${ROOM_ID}/documents`]: { status: 200, body: [] } });
    const { unmount } = renderInRoom(<RoomChatFiles roomId={ROOM_ID} />);
    await userEvent.click(screen.getByRole('button', { name: IT_ROOM.chatFilesShow }));
    expect(await screen.findByText(IT_ROOM.chatFilesEmpty)).toBeInTheDocument();
    unmount();

    mockFetch({ [`GET /api/room/${ROOM_ID}/documents`]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } } });
    renderInRoom(<RoomChatFiles roomId={ROOM_ID} />);
    await userEvent.click(screen.getByRole('button', { name: IT_ROOM.chatFilesShow }));
    expect(await screen.findByText(IT_ROOM.chatFilesLoadFailed)).toBeInTheDocument();
  });

  it('deletes a chat file only once the question is confirmed, then lists the rest', async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      [`GET /api/room/${ROOM_ID}/documents`]: () => ({ status: 200, body: deleted ? [GARANZIA] : [GARANZIA, SCONTRINO] }),
      [`DELETE /api/documents/${SCONTRINO.id}`]: () => {
        deleted = true;
        return { status: 200, body: { ok: true } };
      },
    });
    renderInRoom(<RoomChatFiles roomId={ROOM_ID} />);
    await userEvent.click(screen.getByRole('button', { name: IT_ROOM.chatFilesShow }));
    const deleteButton = await screen.findByRole('button', { name: `${IT_ROOM.deleteDocument}: scontrino.pdf` });

    await userEvent.click(deleteButton);
    const question = await screen.findByRole('dialog', { name: IT_ROOM.deleteChatFileConfirmTitle });
    expect(question).toHaveTextContent(IT_ROOM.deleteChatFileConfirmText('scontrino.pdf'));
    await userEvent.click(within(question).getByRole('button', { name: IT_ROOM.cancel }));
    expect(deleted).toBe(false);

    await userEvent.click(deleteButton);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: IT_ROOM.deleteChatFileConfirmTitle })).getByRole('button', { name: IT_ROOM.deleteDocument }),
    );
    await waitFor(() => expect(screen.queryByText('scontrino.pdf')).not.toBeInTheDocument());
    expect(screen.getByText('garanzia.pdf')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === `/api/documents/${SCONTRINO.id}` && (init as RequestInit).method === 'DELETE')).toBe(true);
  });

  it('shows the API reason when a delete is refused', async () => {
    mockFetch({
      [`GET /api/room/${ROOM_ID}/documents`]: { status: 200, body: [SCONTRINO] },
      [`DELETE /api/documents/${SCONTRINO.id}`]: { status: 404, body: { statusCode: 404, error: 'Not Found', message: IT.errors.notFound } },
    });
    renderInRoom(<RoomChatFiles roomId={ROOM_ID} />);
    await userEvent.click(screen.getByRole('button', { name: IT_ROOM.chatFilesShow }));
    await userEvent.click(await screen.findByRole('button', { name: `${IT_ROOM.deleteDocument}: scontrino.pdf` }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: IT_ROOM.deleteChatFileConfirmTitle })).getByRole('button', { name: IT_ROOM.deleteDocument }),
    );
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(IT.errors.notFound));
  });
});

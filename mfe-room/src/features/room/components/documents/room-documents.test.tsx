import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_ROOM } from '@incontra/contracts/messages/it-room';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { ROOM_ID, roomDocument } from '../../session/testing/session-harness';
import { renderInRoom } from '../testing/render-in-room';
import { RoomDocuments } from './room-documents';

const LISTINO = roomDocument({ id: '00000000-0000-4000-8000-0000000000d1', name: 'listino.pdf', kind: 'document' });
const ALLEGATO = roomDocument({ id: '00000000-0000-4000-8000-0000000000d2', name: 'allegato-chat.pdf' });
const NUOVO = roomDocument({ id: '00000000-0000-4000-8000-0000000000d3', name: 'nuovo.pdf', kind: 'document' });

afterEach(() => {
  document.cookie = 'incontra_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('room documents (staff)', () => {
  it('lists the room documents, not the chat attachments, and shares one into the chat', async () => {
    mockFetch({ [`GET /api/room/${ROOM_ID}/documents`]: { status: 200, body: [LISTINO, ALLEGATO] } });
    const onShare = jest.fn();
    renderInRoom(<RoomDocuments roomId={ROOM_ID} onShare={onShare} />);
    const item = await screen.findByTestId('room-document');
    expect(within(item).getByRole('link', { name: 'listino.pdf' })).toHaveAttribute('href', LISTINO.url);
    expect(screen.queryByText('allegato-chat.pdf')).not.toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: IT_ROOM.shareInChat }));
    expect(onShare).toHaveBeenCalledWith(LISTINO);
  });

  it('uploads a document as multipart with the CSRF header, then shows it', async () => {
    document.cookie = 'incontra_csrf=csrf-123';
    let uploaded = false;
    const fetchMock = mockFetch({
      [`GET /api/room/${ROOM_ID}/documents`]: () => ({ status: 200, body: uploaded ? [LISTINO, NUOVO] : [LISTINO] }),
      [`POST /api/room/${ROOM_ID}/documents`]: () => {
        uploaded = true;
        return { status: 200, body: NUOVO };
      },
    });
    renderInRoom(<RoomDocuments roomId={ROOM_ID} onShare={jest.fn()} />);
    await screen.findByText('listino.pdf');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF'], 'nuovo.pdf', { type: 'application/pdf' }));

    expect(await screen.findByText('nuovo.pdf')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit).method === 'POST');
    const init = post![1] as RequestInit;
    expect(init.headers).toMatchObject({ 'x-csrf-token': 'csrf-123' });
    const form = init.body as FormData;
    expect(form.get('kind')).toBe('document');
    expect((form.get('file') as File).name).toBe('nuovo.pdf');
  });

  it('shows the API reason when an upload is refused', async () => {
    mockFetch({
      [`GET /api/room/${ROOM_ID}/documents`]: { status: 200, body: [] },
      [`POST /api/room/${ROOM_ID}/documents`]: { status: 400, body: { statusCode: 400, error: 'Bad Request', message: IT_DOCUMENTS.typeNotAllowed } },
    });
    renderInRoom(<RoomDocuments roomId={ROOM_ID} onShare={jest.fn()} />);
    expect(await screen.findByText(IT_ROOM.documentsEmpty)).toBeInTheDocument();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'finto.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(IT_DOCUMENTS.typeNotAllowed));
  });

  it('deletes a document only once the question is confirmed', async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      [`GET /api/room/${ROOM_ID}/documents`]: () => ({ status: 200, body: deleted ? [] : [LISTINO] }),
      [`DELETE /api/documents/${LISTINO.id}`]: () => {
        deleted = true;
        return { status: 200, body: { ok: true } };
      },
    });
    renderInRoom(<RoomDocuments roomId={ROOM_ID} onShare={jest.fn()} />);
    const deleteButton = await screen.findByRole('button', { name: `${IT_ROOM.deleteDocument}: listino.pdf` });
    await userEvent.click(deleteButton);
    const question = await screen.findByRole('dialog', { name: IT_ROOM.deleteDocumentConfirmTitle });
    await userEvent.click(within(question).getByRole('button', { name: IT_ROOM.cancel }));
    expect(deleted).toBe(false);
    await userEvent.click(deleteButton);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: IT_ROOM.deleteDocumentConfirmTitle })).getByRole('button', { name: IT_ROOM.deleteDocument }),
    );
    expect(await screen.findByText(IT_ROOM.documentsEmpty)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === `/api/documents/${LISTINO.id}` && (init as RequestInit).method === 'DELETE')).toBe(true);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoomDocument } from '@incontra/contracts/api/documents';
import { IT } from '@incontra/contracts/messages/it';
import { IT_DOCUMENTS_ADMIN } from '@incontra/contracts/messages/it-documents';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { TEST_USER } from '@incontra/mfe-kit/testing/fixtures';
import { mockFetch, type FakeReply } from '@incontra/mfe-kit/testing/mock-fetch';
import { renderApp } from '../../../app/test-utils';

const CENTRO = { id: '1b0e8a52-3c4d-4e5f-8a6b-7c8d9e0f1a2b', name: 'Milano Centro', address: null, wall: null };
const NORD = { id: '2c1f9b63-4d5e-4f60-9b7c-8d9e0f1a2b3c', name: 'Milano Nord', address: null, wall: null };
const room = (id: string, storeId: string, name: string) => ({ id, storeId, name, reservationSlots: 1, slotDuration: 30, maxParticipants: null });
const SALA_1 = room('3d2a0c74-5e6f-4a71-8c8d-9e0f1a2b3c4d', CENTRO.id, 'Sala 1');
const SALA_2 = room('4e3b1d85-6f70-4b82-9d9e-0f1a2b3c4d5e', CENTRO.id, 'Sala 2');
const SALA_NORD = room('5f4c2e96-7081-4c93-8eaf-1a2b3c4d5e6f', NORD.id, 'Sala Nord');

function doc(id: string, name: string, size: number, createdAt: string): RoomDocument {
  return { id, roomId: SALA_1.id, kind: 'document', name, mimeType: 'application/pdf', size, url: `/api/documents/${id}/download?exp=1&sig=x`, createdAt };
}

const LISTINO = doc('6a5d3fa7-8192-4da4-9fb0-2b3c4d5e6f70', 'listino.pdf', 250_000, '2026-11-20T09:30:00.000Z');
const CONTRATTO = doc('7b6e40b8-92a3-4eb5-a0c1-3c4d5e6f7081', 'contratto.pdf', 2 * 1024 * 1024, '2026-11-21T15:00:00.000Z');

const notFound: FakeReply = { status: 404, body: { statusCode: 404, error: 'Not Found', message: IT.errors.notFound } };

/** The API as the page sees it, with Sala 1's documents kept in `documents` (uploads and deletions change it). */
function fakeApi(
  documents: RoomDocument[],
  extra: Record<string, FakeReply | ((request: { init: RequestInit }) => FakeReply)> = {},
  role: 'admin' | 'operator' = 'admin',
) {
  return mockFetch({
    'GET /api/me': { status: 200, body: { ...TEST_USER, role } },
    'GET /api/config/company': { status: 200, body: { id: TEST_USER.companyId, name: 'Demo', stores: [CENTRO, NORD] } },
    [`GET /api/config/store/${CENTRO.id}`]: { status: 200, body: { ...CENTRO, rooms: [SALA_1, SALA_2] } },
    [`GET /api/config/store/${NORD.id}`]: { status: 200, body: { ...NORD, rooms: [SALA_NORD] } },
    [`GET /api/room/${SALA_1.id}/documents`]: () => ({ status: 200, body: documents }),
    [`GET /api/room/${SALA_2.id}/documents`]: { status: 200, body: [] },
    ...extra,
  });
}

async function openSala1() {
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: IT_DOCUMENTS_ADMIN.store }), CENTRO.name);
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: IT_DOCUMENTS_ADMIN.room }), SALA_1.name);
  return screen.findByRole('table', { name: IT_DOCUMENTS_ADMIN.caption(SALA_1.name) });
}

function rowOf(name: string): HTMLElement {
  const cell = screen.getByRole('cell', { name });
  return cell.closest('tr') as HTMLElement;
}

function fileInput(): HTMLInputElement {
  return document.querySelector('input[type="file"]') as HTMLInputElement;
}

const fileButton = () => screen.getByRole('button', { name: new RegExp(`^${IT_DOCUMENTS_ADMIN.fileLabel}`) });

function pdf(name: string, bytes = 1000): File {
  return new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
}

describe('Documenti', () => {
  it("lists a chosen room's documents with type, size, date and download link", async () => {
    fakeApi([CONTRATTO, LISTINO]);
    renderApp('/admin/documenti');
    expect(await screen.findByRole('heading', { level: 1, name: IT_MANAGEMENT.nav.documents })).toBeInTheDocument();
    expect(await screen.findByText(IT_DOCUMENTS_ADMIN.pickRoomFirst)).toBeInTheDocument();
    await openSala1();

    const listino = rowOf('listino.pdf');
    expect(within(listino).getByRole('cell', { name: 'PDF' })).toBeInTheDocument();
    expect(within(listino).getByRole('cell', { name: '244 kB' })).toBeInTheDocument();
    expect(within(listino).getByText(/^20\/11\/26/)).toHaveAttribute('datetime', LISTINO.createdAt);
    expect(within(listino).getByRole('link', { name: IT_DOCUMENTS_ADMIN.downloadOf('listino.pdf') })).toHaveAttribute('href', LISTINO.url);
    expect(within(rowOf('contratto.pdf')).getByRole('cell', { name: '2 MB' })).toBeInTheDocument();
    expect(screen.getByText(IT_DOCUMENTS_ADMIN.uploadHint(10, 'PDF, PNG, JPG, JPEG, GIF, WEBP, TXT, CSV, DOCX, XLSX, PPTX'))).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: IT_DOCUMENTS_ADMIN.room }), SALA_2.name);
    expect(await screen.findByText(IT_DOCUMENTS_ADMIN.empty)).toBeInTheDocument();
  });

  it('uploads a file as multipart, confirms and shows it in the list', async () => {
    const documents = [LISTINO];
    const fetchMock = fakeApi(documents, {
      [`POST /api/room/${SALA_1.id}/documents`]: ({ init }) => {
        const file = (init.body as FormData).get('file') as File;
        const stored = doc('8c7f51c9-a3b4-4fc6-b1d2-4d5e6f708192', file.name, file.size, '2026-11-24T08:00:00.000Z');
        documents.unshift(stored);
        return { status: 201, body: stored };
      },
    });
    const { props } = renderApp('/admin/documenti');
    await openSala1();

    await userEvent.upload(fileInput(), pdf('preventivo.pdf', 4096));
    expect(fileButton()).toHaveTextContent('preventivo.pdf');
    await userEvent.click(screen.getByRole('button', { name: IT_DOCUMENTS_ADMIN.upload }));

    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_DOCUMENTS_ADMIN.uploaded('preventivo.pdf') }));
    expect(await screen.findByRole('cell', { name: 'preventivo.pdf' })).toBeInTheDocument();
    expect(fileButton()).not.toHaveTextContent('preventivo.pdf');
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit).method === 'POST');
    const form = (post?.[1] as RequestInit).body as FormData;
    expect(form.get('kind')).toBe('document');
    expect((form.get('file') as File).name).toBe('preventivo.pdf');
  });

  it('says what is wrong with a file before sending it: none, too large, a type a room refuses', async () => {
    const fetchMock = fakeApi([LISTINO]);
    renderApp('/admin/documenti');
    await openSala1();
    const user = userEvent.setup({ applyAccept: false });

    await user.click(screen.getByRole('button', { name: IT_DOCUMENTS_ADMIN.upload }));
    expect(fileButton()).toHaveAccessibleDescription(expect.stringContaining(IT_DOCUMENTS.fileRequired));

    const huge = pdf('catalogo.pdf');
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), huge);
    expect(fileButton()).toHaveAccessibleDescription(expect.stringContaining(IT_DOCUMENTS.tooLarge(10)));

    await user.upload(fileInput(), new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    expect(fileButton()).toHaveAccessibleDescription(expect.stringContaining(IT_DOCUMENTS.typeNotAllowed));
    await user.click(screen.getByRole('button', { name: IT_DOCUMENTS_ADMIN.upload }));
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit).method === 'POST')).toBe(false);
  });

  it("shows the API's refusal of the file beside the picker, and a room's limit in a toast", async () => {
    let reply: FakeReply = {
      status: 415,
      body: { statusCode: 415, error: 'Unsupported Media Type', message: IT_DOCUMENTS.typeNotAllowed, field: 'file' },
    };
    fakeApi([LISTINO], { [`POST /api/room/${SALA_1.id}/documents`]: () => reply });
    const { props } = renderApp('/admin/documenti');
    await openSala1();

    await userEvent.upload(fileInput(), pdf('finto.pdf'));
    await userEvent.click(screen.getByRole('button', { name: IT_DOCUMENTS_ADMIN.upload }));
    await waitFor(() => expect(fileButton()).toHaveAccessibleDescription(expect.stringContaining(IT_DOCUMENTS.typeNotAllowed)));
    expect(props.notify.show).not.toHaveBeenCalled();

    reply = { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: IT_DOCUMENTS.roomFilesFull(200) } };
    await userEvent.upload(fileInput(), pdf('altro.pdf'));
    await userEvent.click(screen.getByRole('button', { name: IT_DOCUMENTS_ADMIN.upload }));
    await waitFor(() => expect(props.notify.show).toHaveBeenCalledWith({ kind: 'error', message: IT_DOCUMENTS.roomFilesFull(200) }));
  });

  it('deletes a document after confirmation, and keeps it when the deletion fails', async () => {
    const documents = [CONTRATTO, LISTINO];
    let deletion: FakeReply = { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: IT.errors.generic } };
    const fetchMock = fakeApi(documents, {
      [`DELETE /api/documents/${LISTINO.id}`]: () => {
        if (deletion.status === 200) documents.splice(documents.indexOf(LISTINO), 1);
        return deletion;
      },
    });
    const { props } = renderApp('/admin/documenti');
    await openSala1();

    await userEvent.click(within(rowOf('listino.pdf')).getByRole('button', { name: IT_MANAGEMENT.form.delete }));
    let dialog = await screen.findByRole('dialog', { name: IT_MANAGEMENT.form.confirmDeleteTitle });
    expect(dialog).toHaveTextContent(IT_MANAGEMENT.form.confirmDeleteText('listino.pdf'));
    await userEvent.click(within(dialog).getByRole('button', { name: IT_MANAGEMENT.form.delete }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(IT.errors.generic);
    expect(props.notify.show).not.toHaveBeenCalled();

    deletion = { status: 200, body: { ok: true } };
    await userEvent.click(within(dialog).getByRole('button', { name: IT_MANAGEMENT.form.delete }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_DOCUMENTS_ADMIN.deleted('listino.pdf') });
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'listino.pdf' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'contratto.pdf' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === `/api/documents/${LISTINO.id}`)).toHaveLength(2);
    dialog = screen.queryByRole('dialog') as HTMLElement;
    expect(dialog).toBeNull();
  });

  it("tells an operator that a store they do not serve is not theirs (the API's 404), with nothing to upload", async () => {
    fakeApi([], { [`GET /api/room/${SALA_NORD.id}/documents`]: notFound }, 'operator');
    renderApp('/admin/documenti');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: IT_DOCUMENTS_ADMIN.store }), NORD.name);
    // Milano Nord has a single room: it is chosen at once.
    expect(await screen.findByRole('alert')).toHaveTextContent(IT_DOCUMENTS_ADMIN.storeNotServed);
    expect(screen.getByRole('combobox', { name: IT_DOCUMENTS_ADMIN.room })).toHaveValue(SALA_NORD.id);
    expect(screen.queryByRole('button', { name: IT_DOCUMENTS_ADMIN.upload })).not.toBeInTheDocument();
  });

  it('says when a store has no rooms yet', async () => {
    fakeApi([], { [`GET /api/config/store/${NORD.id}`]: { status: 200, body: { ...NORD, rooms: [] } } });
    renderApp('/admin/documenti');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: IT_DOCUMENTS_ADMIN.store }), NORD.name);
    expect(await screen.findByText(IT_DOCUMENTS_ADMIN.noRooms)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: IT_DOCUMENTS_ADMIN.room })).not.toBeInTheDocument();
  });

  it('says when the company has no stores yet', async () => {
    fakeApi([], { 'GET /api/config/company': { status: 200, body: { id: TEST_USER.companyId, name: 'Demo', stores: [] } } });
    renderApp('/admin/documenti');
    expect(await screen.findByText(IT_DOCUMENTS_ADMIN.noStores)).toBeInTheDocument();
  });
});

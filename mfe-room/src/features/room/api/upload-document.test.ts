import { mockFetch } from '@incontra/mfe-kit/testing/mock-fetch';
import { joinResponse, ROOM_ID, roomDocument } from '../session/testing/session-harness';
import { chatFileUploader } from './upload-document';

const UPLOAD = `POST /api/room/${ROOM_ID}/documents`;

function sentUpload(fetchMock: jest.Mock): { headers: Record<string, string>; form: FormData } {
  const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === `/api/room/${ROOM_ID}/documents`) as [string, RequestInit];
  return { headers: init.headers as Record<string, string>, form: init.body as FormData };
}

describe('chatFileUploader', () => {
  const file = new File(['%PDF-1.7'], 'ricevuta.pdf', { type: 'application/pdf' });

  it('sends a guest’s chat file with the upload token of its entry as Bearer', async () => {
    const fetchMock = mockFetch({ [UPLOAD]: { status: 201, body: roomDocument() } });
    const join = { ...joinResponse('guest', 'guest-11111111-2222-4333-8444-555555555555'), uploadToken: 'upload-token-xyz' };
    await expect(chatFileUploader(join)(ROOM_ID, file)).resolves.toEqual(roomDocument());
    const { headers, form } = sentUpload(fetchMock);
    expect(headers.authorization).toBe('Bearer upload-token-xyz');
    expect(form.get('kind')).toBe('chat');
    expect((form.get('file') as File).name).toBe('ricevuta.pdf');
  });

  it('sends a staff member’s chat file with the session cookie only', async () => {
    const fetchMock = mockFetch({ [UPLOAD]: { status: 201, body: roomDocument() } });
    await chatFileUploader({ ...joinResponse('staff'), uploadToken: 'upload-token-xyz' })(ROOM_ID, file);
    const { headers, form } = sentUpload(fetchMock);
    expect(headers).not.toHaveProperty('authorization');
    expect(form.get('kind')).toBe('chat');
  });
});

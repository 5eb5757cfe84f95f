import { joinRoomResponseSchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import type { DocumentsFixture } from './documents-fixture';
import type { LobbyTestApp } from './lobby-fixtures';
import { multipartBody, type FormPart, type MultipartBody } from './multipart-body';
import { TestClient } from './test-client';

/** A visitor approved by `staff` into `room` (of Milano), entered as a guest: its join answer. */
export async function guestIn(t: LobbyTestApp, staff: TestClient, room = 'Sala Consulenza', store = 'Milano Centro'): Promise<JoinRoomResponse> {
  const visitor = await t.visitor();
  await visitor.send(t.seeded.store(store), t.seeded.room(room));
  const approved = await staff.post(`/api/video-room/join-request/${visitor.id}/approve`);
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
  const joined = await visitor.browser.post(
    `/api/video-room/${t.seeded.room(room)}/join`,
    { joinRequestId: visitor.id },
    { authorization: `Bearer ${visitor.token}` },
  );
  if (joined.statusCode !== 200) throw new Error(`guest join: ${joined.statusCode} ${joined.body}`);
  return joinRoomResponseSchema.parse(joined.json());
}

/**
 * An upload from a browser with no cookie at all (no session, no CSRF token): only the Bearer
 * speaks for it. `form` is the form's parts, or a body built by hand.
 */
export function bareUpload(f: DocumentsFixture, roomId: string, token: string, form: FormPart[] | MultipartBody, host = 'demo.localhost') {
  const body = Array.isArray(form) ? multipartBody(form) : form;
  return new TestClient(f.t.app, host).post(`/api/room/${roomId}/documents`, body.payload, { ...body.headers, authorization: `Bearer ${token}` });
}

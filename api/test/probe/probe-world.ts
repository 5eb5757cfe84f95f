import { joinRoomResponseSchema, type JoinRoomResponse } from '@incontra/contracts/api/video-room';
import { roomDocumentSchema } from '@incontra/contracts/api/documents';
import { invitationSchema } from '@incontra/contracts/api/join-requests';
import { companies, reservations, rooms, stores, users } from '../../src/db/schema';
import { eq } from 'drizzle-orm';
import { file, pdf, PDF_TYPE } from '../helpers/documents-fixture';
import type { LobbyTestApp, Visitor } from '../helpers/lobby-fixtures';
import { multipartBody } from '../helpers/multipart-body';
import type { TestClient } from '../helpers/test-client';

export interface NamedRow {
  id: string;
  name: string;
}

export interface RoomRow extends NamedRow {
  storeId: string;
}

export interface UserRow {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** One tenant's rows of every kind an id-taking route names, made through the API where it can be. */
export interface TenantWorld {
  host: string;
  companyId: string;
  companyName: string;
  admin: TestClient;
  operator: TestClient;
  stores: NamedRow[];
  rooms: RoomRow[];
  /** The first store's first room: where the requests, documents and the guest are. */
  room: RoomRow;
  users: UserRow[];
  /** A document of `room` and its signed download link. */
  document: { id: string; url: string; name: string };
  /** A second document, for the routes that delete. */
  spareDocumentId: string;
  /** A visitor whose request waits in the queue of `room`. */
  visitor: Visitor;
  visitorName: string;
  /** A second waiting request, for the staff's answers. */
  queuedRequestId: string;
  /** An approved visitor who entered `room` as a guest. */
  guest: { visitor: Visitor; join: JoinRoomResponse };
  invitationCode: string;
  reservation: { id: string; customerName: string; customerEmail: string };
}

const HOUR_MS = 3_600_000;

async function uploaded(admin: TestClient, roomId: string, name: string) {
  const body = multipartBody([file(name, pdf(700), PDF_TYPE)]);
  const response = await admin.post(`/api/room/${roomId}/documents`, body.payload, body.headers);
  if (response.statusCode !== 201) throw new Error(`world: upload ${response.statusCode} ${response.body}`);
  return roomDocumentSchema.parse(response.json());
}

async function rowsOf(t: LobbyTestApp, companyId: string) {
  return t.db.asOwnerForTenant(companyId, async (tx) => ({
    company: (await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)))[0],
    stores: await tx.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.companyId, companyId)).orderBy(stores.name),
    rooms: await tx.select({ id: rooms.id, name: rooms.name, storeId: rooms.storeId }).from(rooms).where(eq(rooms.companyId, companyId)).orderBy(rooms.name),
    users: await tx
      .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(users.username),
  }));
}

async function insertReservation(t: LobbyTestApp, companyId: string, room: RoomRow, label: string) {
  const startsAt = t.clock.now();
  const customer = { customerName: `Cliente Prenotato ${label}`, customerEmail: `prenotazione@${label.toLowerCase()}.example` };
  const [row] = await t.db.asOwnerForTenant(companyId, (tx) =>
    tx
      .insert(reservations)
      .values({ companyId, storeId: room.storeId, roomId: room.id, ...customer, startsAt, endsAt: new Date(startsAt.getTime() + HOUR_MS) })
      .returning({ id: reservations.id }),
  );
  if (!row) throw new Error('world: reservation not inserted');
  return { id: row.id, ...customer };
}

/**
 * Builds one tenant's world on `host`: `label` makes its visitors' and customers' names unique,
 * so that a body of the other tenant naming them is a leak and not a coincidence.
 */
export async function buildTenantWorld(t: LobbyTestApp, host: string, companyId: string, label: string): Promise<TenantWorld> {
  const admin = await t.staff('admin', host);
  const operator = await t.staff('operatore', host);
  const rows = await rowsOf(t, companyId);
  const firstStore = rows.stores.find((store) => rows.rooms.some((room) => room.storeId === store.id));
  const room = rows.rooms.find((candidate) => candidate.storeId === firstStore?.id);
  if (!room || !rows.company) throw new Error(`world: ${host} has no room`);

  const document = await uploaded(admin, room.id, `contratto-${label.toLowerCase()}.pdf`);
  const spare = await uploaded(admin, room.id, `da-eliminare-${label.toLowerCase()}.pdf`);

  const visitorName = `Visitatore ${label} In Attesa`;
  const visitor = await t.visitor(host);
  await visitor.send(room.storeId, room.id, visitorName);
  const queued = await t.visitor(host);
  await queued.send(room.storeId, room.id, `Visitatore ${label} In Coda`);

  const guestVisitor = await t.visitor(host);
  await guestVisitor.send(room.storeId, room.id, `Ospite ${label} Nella Sala`);
  const approved = await admin.post(`/api/video-room/join-request/${guestVisitor.id}/approve`);
  if (approved.statusCode !== 200) throw new Error(`world: approve ${approved.statusCode} ${approved.body}`);
  const joined = await guestVisitor.browser.post(
    `/api/video-room/${room.id}/join`,
    { joinRequestId: guestVisitor.id },
    { authorization: `Bearer ${guestVisitor.token}` },
  );
  if (joined.statusCode !== 200) throw new Error(`world: guest join ${joined.statusCode} ${joined.body}`);

  const invitation = await admin.post('/api/bo/invitations', { room: room.id, name: `Invitato ${label}` });
  if (invitation.statusCode !== 200) throw new Error(`world: invitation ${invitation.statusCode} ${invitation.body}`);

  return {
    host,
    companyId,
    companyName: rows.company.name,
    admin,
    operator,
    stores: rows.stores,
    rooms: rows.rooms,
    room,
    users: rows.users,
    document: { id: document.id, url: document.url, name: document.name },
    spareDocumentId: spare.id,
    visitor,
    visitorName,
    queuedRequestId: queued.id,
    guest: { visitor: guestVisitor, join: joinRoomResponseSchema.parse(joined.json()) },
    invitationCode: invitationSchema.parse(invitation.json()).code,
    reservation: await insertReservation(t, companyId, room, label),
  };
}

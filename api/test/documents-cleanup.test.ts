import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { IT } from '@incontra/contracts/messages/it';
import type { StaffContext } from '../src/auth/authenticate';
import type { Database } from '../src/db/database';
import { documents, rooms, stores, users } from '../src/db/schema';
import { DownloadLinks } from '../src/documents/download-links';
import { DocumentsService } from '../src/documents/service';
import type { UploadSource } from '../src/documents/upload-source';
import { DiskUploadStore } from '../src/uploads/disk-upload-store';
import type { UploadStore } from '../src/uploads/upload-store';
import { START_TIMEOUT_MS, startTestApp, type TestApp } from './helpers/test-app';
import { TestClient } from './helpers/test-client';

/*
 * What the HTTP tests cannot provoke: a failure after the file is stored but before its row is
 * written, and a file that cannot be removed after its row is gone.
 */

let t: TestApp;
let uploadsDir: string;
let companyId: string;
let storeId: string;
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };

beforeAll(async () => {
  t = await startTestApp();
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'incontra-documents-cleanup-'));
  const browser = new TestClient(t.app);
  await browser.login();
  companyId = (await browser.get('/api/me')).json().companyId as string;
  const [store] = await t.db.asOwnerForTenant(companyId, (tx) => tx.select({ id: stores.id }).from(stores).where(eq(stores.companyId, companyId)));
  storeId = store!.id;
}, START_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

/** The company's admin as a staff route would see them (the service reads only the company's id and the user's). */
async function admin(): Promise<StaffContext> {
  const [row] = await t.db.asOwnerForTenant(companyId, (tx) =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.username, 'admin'))),
  );
  return { company: { id: companyId }, user: { id: row!.id } } as StaffContext;
}

async function newRoom(name: string): Promise<string> {
  const [room] = await t.db.asOwnerForTenant(companyId, (tx) => tx.insert(rooms).values({ companyId, storeId, name }).returning({ id: rooms.id }));
  return room!.id;
}

async function filesOnDisk(): Promise<string[]> {
  return (await readdir(uploadsDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

function rowsOf(roomId: string) {
  return t.db.asOwnerForTenant(companyId, (tx) =>
    tx
      .select()
      .from(documents)
      .where(and(eq(documents.companyId, companyId), eq(documents.roomId, roomId))),
  );
}

function service(db: Database = t.db, store: UploadStore = new DiskUploadStore(uploadsDir)) {
  return new DocumentsService({ db, store, links: new DownloadLinks('x'.repeat(32), t.clock.now), clock: t.clock.now, log });
}

/** A source that stores a small pdf, then runs `after` (to change the world before the row is written). */
function sourceThen(after: () => Promise<void> = async () => undefined): UploadSource {
  return {
    receive: async (store) => {
      const key = await store.put(Buffer.from('%PDF-1.7\n'));
      await after();
      return { key, name: 'a.pdf', mimeType: 'application/pdf', size: 9, kind: 'document' };
    },
  };
}

const TESTER = { id: 'tester', chatOnly: false };

describe('DocumentsService cleanup', () => {
  it('removes the stored file when the room is deleted while the file arrives', async () => {
    const roomId = await newRoom('Sala effimera');
    const deleteRoom = async () => {
      await t.db.asOwnerForTenant(companyId, (tx) => tx.delete(rooms).where(eq(rooms.id, roomId)));
    };
    await expect(service().upload(companyId, roomId, TESTER, sourceThen(deleteRoom))).rejects.toMatchObject({
      statusCode: 404,
      message: IT.errors.notFound,
    });
    expect(await filesOnDisk()).toEqual([]);
  });

  it('removes the stored file when writing the row fails', async () => {
    const roomId = await newRoom('Sala guasta');
    let calls = 0;
    const failing = Object.create(t.db) as Database;
    // The first transaction checks the room; the second, which writes the row, fails.
    failing.withTenant = (tenant, fn) => (++calls === 2 ? Promise.reject(new Error('database gone')) : t.db.withTenant(tenant, fn));
    await expect(service(failing).upload(companyId, roomId, TESTER, sourceThen())).rejects.toThrow('database gone');
    expect(await filesOnDisk()).toEqual([]);
    expect(await rowsOf(roomId)).toEqual([]);
  });

  it('still deletes the row, and logs, when the file cannot be removed afterwards', async () => {
    const roomId = await newRoom('Sala ostinata');
    const disk = new DiskUploadStore(uploadsDir);
    const document = await service().upload(companyId, roomId, TESTER, sourceThen());
    const stubborn: UploadStore = { put: (content) => disk.put(content), open: (key) => disk.open(key), remove: () => Promise.reject(new Error('EACCES')) };
    await service(t.db, stubborn).remove(await admin(), document.id);
    expect(await rowsOf(roomId)).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(await filesOnDisk()).toHaveLength(1);
  });
});

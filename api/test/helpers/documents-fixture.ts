import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { roomDocumentSchema, type RoomDocument } from '@incontra/contracts/api/documents';
import { documents } from '../../src/db/schema';
import { multipartBody, type FormPart } from './multipart-body';
import type { TestApp } from './test-app';
import { TestClient } from './test-client';

export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const pdf = (size = 6000) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 'a')]);
export const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 1)]);
export const docx = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(9000, 2)]);
export const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03', 'latin1'), Buffer.alloc(5000, 0)]);

export const file = (filename: string, content: Buffer, contentType = 'application/octet-stream'): FormPart => ({
  name: 'file',
  filename,
  contentType,
  content,
});

async function signedIn(t: TestApp, host: string) {
  const browser = new TestClient(t.app, host);
  expect((await browser.login()).statusCode).toBe(200);
  return browser;
}

async function firstRoomId(t: TestApp, host: string): Promise<string> {
  const browser = new TestClient(t.app, host);
  const storeId = (await browser.get('/api/config/company')).json().stores[0].id as string;
  return (await browser.get(`/api/config/store/${storeId}`)).json().rooms[0].id as string;
}

/** Demo and Acme admins signed in, a room of each, and ways to look at what got stored. */
export class DocumentsFixture {
  private constructor(
    readonly t: TestApp,
    readonly demo: TestClient,
    readonly acme: TestClient,
    readonly demoRoom: string,
    readonly acmeRoom: string,
    readonly demoCompanyId: string,
  ) {}

  static async create(t: TestApp): Promise<DocumentsFixture> {
    const demo = await signedIn(t, 'demo.localhost');
    const acme = await signedIn(t, 'acme.localhost');
    const companyId = (await demo.get('/api/me')).json().companyId as string;
    return new DocumentsFixture(t, demo, acme, await firstRoomId(t, 'demo.localhost'), await firstRoomId(t, 'acme.localhost'), companyId);
  }

  signedIn(host: string) {
    return signedIn(this.t, host);
  }

  upload(browser: TestClient, roomId: string, parts: FormPart[], headers: Record<string, string> = {}) {
    const body = multipartBody(parts);
    return browser.post(`/api/room/${roomId}/documents`, body.payload, { ...body.headers, ...headers });
  }

  /** Uploads to Demo's room as its admin, expecting success. */
  async uploaded(parts: FormPart[]): Promise<RoomDocument> {
    const response = await this.upload(this.demo, this.demoRoom, parts);
    expect(response.statusCode).toBe(201);
    return roomDocumentSchema.parse(response.json());
  }

  /** A browser-less GET, as a guest opening a link from a chat message. */
  anonymousGet(url: string, host = 'demo.localhost') {
    return this.t.app.inject({ method: 'GET', url, headers: { host } });
  }

  /** Every file the disk store holds, partial ones included. */
  async storedFiles(): Promise<string[]> {
    const root = this.t.config.uploadsDir;
    try {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
    } catch {
      return [];
    }
  }

  documentRows() {
    const companyId = this.demoCompanyId;
    return this.t.db.asOwnerForTenant(companyId, (tx) => tx.select().from(documents).where(eq(documents.companyId, companyId)));
  }

  /** Runs `fn` and checks that it stored nothing: no new row, no new file. */
  async expectNothingStored(fn: () => Promise<void>): Promise<void> {
    const [rowsBefore, filesBefore] = [(await this.documentRows()).length, await this.storedFiles()];
    await fn();
    expect((await this.documentRows()).length).toBe(rowsBefore);
    expect(await this.storedFiles()).toEqual(filesBefore);
  }
}

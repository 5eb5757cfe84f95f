import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { documentKindSchema, type DocumentKind, type RoomDocument } from '@incontra/contracts/api/documents';
import { IT } from '@incontra/contracts/messages/it';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import type { Clock } from '../common/clock';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { servesRoom } from '../tenancy/store-scope';
import type { StaffContext } from '../auth/authenticate';
import { UploadNotFoundError, type UploadStore } from '../uploads/upload-store';
import type { DownloadLinks } from './download-links';
import * as repository from './repository';
import { checkUploadLimits, DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './upload-limits';
import type { UploadSource } from './upload-source';

export interface DocumentDownload {
  name: string;
  mimeType: string;
  size: number;
  content: Readable;
}

/** Who uploads: recorded as `uploaded_by`, and what they may upload. */
export interface Uploader {
  /** A staff member's user id, or a room entry's identity (`guest-…`, `staff-…`). */
  id: string;
  /** Guests may send files in the chat only, never add to the room's documents. */
  chatOnly: boolean;
  /**
   * A signed-in staff member's user id: the room must be of a store they serve. Absent for a
   * room token, which names its room itself.
   */
  staffUserId?: string;
}

export interface DocumentsServiceOptions {
  db: Database;
  store: UploadStore;
  links: DownloadLinks;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  limits?: UploadLimits;
}

const notFound = () => new HttpError(404, IT.errors.notFound);

/**
 * A room's files: the rows (through row-level security, per company) and their content (through
 * the uploads port). A row exists only for content that was stored whole; content is removed
 * once its row is gone. Staff reach only the rooms of the stores they serve (`staffUserId`);
 * another store's room, or its file, is not found.
 */
export class DocumentsService {
  private readonly limits: UploadLimits;

  constructor(private readonly options: DocumentsServiceOptions) {
    this.limits = options.limits ?? DEFAULT_UPLOAD_LIMITS;
  }

  /** The room's documents, or the files sent in its chat, newest first. */
  list(staff: StaffContext, roomId: string, kind: DocumentKind = 'document'): Promise<RoomDocument[]> {
    const companyId = staff.company.id;
    return this.options.db.withTenant(companyId, async (tx) => {
      await this.requireRoom(tx, companyId, roomId, staff.user.id);
      const rows = await repository.listRoomDocuments(tx, companyId, roomId, kind);
      return rows.map((row) => this.toDocument(row));
    });
  }

  /**
   * Checks the room and the limits before reading the file, stores it, then, under the company's
   * upload lock, checks the limits again with its size and writes its row: parallel uploads are
   * counted one after the other and never pass a limit together. The kind is known only once the
   * whole form is read (it may follow the file), so a chat-only uploader's document is refused
   * after storing. Whatever is refused after storing has its stored file removed.
   */
  async upload(companyId: string, roomId: string, uploader: Uploader, source: UploadSource): Promise<RoomDocument> {
    const { db, store, clock } = this.options;
    const attempt = (bytes: number) => ({ companyId, roomId, uploadedBy: uploader.id, bytes, now: clock() });
    // Early and unlocked: a full room or an uploader over the rate is refused before any byte is read.
    await db.withTenant(companyId, async (tx) => {
      await this.requireRoom(tx, companyId, roomId, uploader.staffUserId);
      await checkUploadLimits(tx, this.limits, attempt(1));
    });
    const received = await source.receive(store);
    try {
      if (uploader.chatOnly && received.kind !== 'chat') throw new HttpError(403, IT_DOCUMENTS.guestChatOnly, 'kind');
      const row = await db.withTenant(companyId, async (tx) => {
        await repository.lockCompanyUploads(tx, companyId);
        // The room may have been deleted while the file was arriving.
        if (!(await repository.roomExists(tx, companyId, roomId))) throw notFound();
        const checked = attempt(received.size);
        await checkUploadLimits(tx, this.limits, checked);
        return repository.insertDocument(tx, {
          companyId,
          roomId,
          kind: received.kind,
          name: received.name,
          mimeType: received.mimeType,
          size: received.size,
          storageKey: received.key,
          uploadedBy: uploader.id,
          createdAt: checked.now,
        });
      });
      return this.toDocument(row);
    } catch (error) {
      await store.remove(received.key);
      throw error;
    }
  }

  /**
   * The file of a document of this company, or 404 (also when its content has gone missing).
   * `staffUserId` null: opened through a signed link, which is anyone's in the room.
   */
  async open(companyId: string, id: string, staffUserId: string | null): Promise<DocumentDownload> {
    const row = await this.options.db.withTenant(companyId, async (tx) => {
      const found = await repository.findDocument(tx, companyId, id);
      if (!found || (staffUserId !== null && !(await servesRoom(tx, companyId, staffUserId, found.roomId)))) return null;
      return found;
    });
    if (!row) throw notFound();
    try {
      return { name: row.name, mimeType: row.mimeType, size: row.size, content: await this.options.store.open(row.storageKey) };
    } catch (error) {
      if (error instanceof UploadNotFoundError) throw notFound();
      throw error;
    }
  }

  /**
   * Deletes the row, then (once that is committed) the content: a failure in between leaves an
   * unreferenced file, never a row without its file.
   */
  async remove(staff: StaffContext, id: string): Promise<void> {
    const companyId = staff.company.id;
    const key = await this.options.db.withTenant(companyId, async (tx) => {
      const found = await repository.findDocument(tx, companyId, id);
      if (!found || !(await servesRoom(tx, companyId, staff.user.id, found.roomId))) return null;
      return repository.deleteDocument(tx, companyId, id);
    });
    if (key === null) throw notFound();
    await this.removeContent([key]);
  }

  /** Removes stored content whose rows are gone; a failure is logged, the rows stay deleted. */
  async removeContent(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.options.store.remove(key);
      } catch (error) {
        this.options.log.warn({ err: error, storageKey: key }, 'document deleted but its file could not be removed');
      }
    }
  }

  private async requireRoom(tx: Tx, companyId: string, roomId: string, staffUserId: string | undefined): Promise<void> {
    const reachable = staffUserId === undefined ? await repository.roomExists(tx, companyId, roomId) : await servesRoom(tx, companyId, staffUserId, roomId);
    if (!reachable) throw notFound();
  }

  private toDocument(row: repository.DocumentRow): RoomDocument {
    return {
      id: row.id,
      roomId: row.roomId,
      kind: documentKindSchema.parse(row.kind),
      name: row.name,
      mimeType: row.mimeType,
      size: row.size,
      url: this.options.links.url(row.id),
      createdAt: row.createdAt.toISOString(),
    };
  }
}

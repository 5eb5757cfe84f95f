import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { idSchema } from '@incontra/contracts/api/common';
import { documentKindSchema, type RoomDocument } from '@incontra/contracts/api/documents';
import { IT } from '@incontra/contracts/messages/it';
import { IT_DOCUMENTS } from '@incontra/contracts/messages/it-video-room';
import type { Clock } from '../auth/clock';
import type { Database } from '../db/database';
import { HttpError } from '../http/http-error';
import { UploadNotFoundError, type UploadStore } from '../uploads/upload-store';
import type { DownloadLinks } from './download-links';
import * as repository from './repository';
import type { UploadSource } from './upload-source';

export interface DocumentDownload {
  name: string;
  mimeType: string;
  size: number;
  content: Readable;
}

/** Who uploads: recorded as `uploaded_by`, and what they may upload. */
export interface Uploader {
  /** A staff member's user id, or a guest's room identity (`guest-…`). */
  id: string;
  /** Guests may send files in the chat only, never add to the room's documents. */
  chatOnly: boolean;
}

const notFound = () => new HttpError(404, IT.errors.notFound);

/** A malformed id is a 400 naming the path parameter, before any query. */
function requireId(value: string): string {
  if (!idSchema.safeParse(value).success) throw new HttpError(400, IT_DOCUMENTS.idInvalid, 'id');
  return value;
}

/**
 * A room's files: the rows (through row-level security, per company) and their content (through
 * the uploads port). A row exists only for content that was stored whole; content is removed
 * once its row is gone.
 */
export class DocumentsService {
  constructor(
    private readonly db: Database,
    private readonly store: UploadStore,
    private readonly links: DownloadLinks,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** The room's document list (chat files are not listed), newest first. */
  list(companyId: string, roomId: string): Promise<RoomDocument[]> {
    requireId(roomId);
    return this.db.withTenant(companyId, async (tx) => {
      if (!(await repository.roomExists(tx, companyId, roomId))) throw notFound();
      const rows = await repository.listRoomDocuments(tx, companyId, roomId, 'document');
      return rows.map((row) => this.toDocument(row));
    });
  }

  /**
   * Checks the room before reading the file, stores it, then writes its row. The kind is known
   * only once the whole form is read (it may follow the file), so a chat-only uploader's
   * document is refused after storing, and the stored file removed.
   */
  async upload(companyId: string, roomId: string, uploader: Uploader, source: UploadSource): Promise<RoomDocument> {
    requireId(roomId);
    await this.requireRoom(companyId, roomId);
    const received = await source.receive(this.store);
    try {
      if (uploader.chatOnly && received.kind !== 'chat') throw new HttpError(403, IT_DOCUMENTS.guestChatOnly, 'kind');
      const row = await this.db.withTenant(companyId, async (tx) => {
        // The room may have been deleted while the file was arriving.
        if (!(await repository.roomExists(tx, companyId, roomId))) throw notFound();
        return repository.insertDocument(tx, {
          companyId,
          roomId,
          kind: received.kind,
          name: received.name,
          mimeType: received.mimeType,
          size: received.size,
          storageKey: received.key,
          uploadedBy: uploader.id,
          createdAt: this.clock(),
        });
      });
      return this.toDocument(row);
    } catch (error) {
      await this.store.remove(received.key);
      throw error;
    }
  }

  /** The file of a document of this company, or 404 (also when its content has gone missing). */
  async open(companyId: string, id: string): Promise<DocumentDownload> {
    requireId(id);
    const row = await this.db.withTenant(companyId, (tx) => repository.findDocument(tx, companyId, id));
    if (!row) throw notFound();
    try {
      return { name: row.name, mimeType: row.mimeType, size: row.size, content: await this.store.open(row.storageKey) };
    } catch (error) {
      if (error instanceof UploadNotFoundError) throw notFound();
      throw error;
    }
  }

  /**
   * Deletes the row, then (once that is committed) the content: a failure in between leaves an
   * unreferenced file, never a row without its file.
   */
  async remove(companyId: string, id: string): Promise<void> {
    requireId(id);
    const key = await this.db.withTenant(companyId, (tx) => repository.deleteDocument(tx, companyId, id));
    if (key === null) throw notFound();
    try {
      await this.store.remove(key);
    } catch (error) {
      this.log.warn({ err: error, storageKey: key }, 'document deleted but its file could not be removed');
    }
  }

  private async requireRoom(companyId: string, roomId: string): Promise<void> {
    const exists = await this.db.withTenant(companyId, (tx) => repository.roomExists(tx, companyId, roomId));
    if (!exists) throw notFound();
  }

  private toDocument(row: repository.DocumentRow): RoomDocument {
    return {
      id: row.id,
      roomId: row.roomId,
      kind: documentKindSchema.parse(row.kind),
      name: row.name,
      mimeType: row.mimeType,
      size: row.size,
      url: this.links.url(row.id),
      createdAt: row.createdAt.toISOString(),
    };
  }
}

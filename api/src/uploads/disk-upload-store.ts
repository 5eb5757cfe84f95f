import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UploadNotFoundError, type UploadContent, type UploadStore } from './upload-store';

/** 128 random bits as hex, split after two characters so that no folder grows too large. */
const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{30}$/;

function newKey(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 2)}/${hex.slice(2)}`;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * The embedded uploads adapter: files under one folder. A file is written beside its final name
 * and renamed into place once complete (rename is atomic within a folder), so a reader never sees
 * half a file and a failed write leaves nothing behind.
 */
export class DiskUploadStore implements UploadStore {
  constructor(private readonly root: string) {}

  async put(content: UploadContent): Promise<string> {
    const key = newKey();
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // The suffix can never match KEY_PATTERN: a partial file is unreachable through a key.
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    // The file is opened before a byte of content is read, and written through that handle: when
    // the content fails (a 413 at once, a client gone), the clean-up below removes a file that
    // exists, and nothing can create it afterwards (a stream opening by path could, still opening).
    const file = await open(partial, 'wx', 0o600);
    try {
      const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
      await pipeline(source, file.createWriteStream({ flush: true }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    } finally {
      // The stream closes the handle when it ends or fails; closing again is a no-op.
      await file.close();
    }
    return key;
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if (isMissing(error)) throw new UploadNotFoundError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Keys come from the database: a malformed one is refused rather than joined into a path. */
  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Malformed upload key: ${JSON.stringify(key)}`);
    return path.join(this.root, key);
  }
}

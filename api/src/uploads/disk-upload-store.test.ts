import fs from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { DiskUploadStore } from './disk-upload-store';
import { UploadNotFoundError } from './upload-store';

let root: string;
let store: DiskUploadStore;
beforeEach(async () => {
  root = path.join(await mkdtemp(path.join(os.tmpdir(), 'incontra-uploads-')), 'not-yet-created');
  store = new DiskUploadStore(root);
});
afterEach(() => rm(path.dirname(root), { recursive: true, force: true }));

/** Every file under the root, relative paths, partial files included. */
async function filesOnDisk(): Promise<string[]> {
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

describe('DiskUploadStore', () => {
  it('stores a buffer under a random key, creating the folders on demand, and reads it back', async () => {
    const key = await store.put(Buffer.from('ciao'));
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{30}$/);
    expect(await text(await store.open(key))).toBe('ciao');
    expect(await filesOnDisk()).toEqual([key]);
    expect((await stat(path.join(root, key))).mode & 0o777).toBe(0o600);
  });

  it('stores a stream, and two contents never share a key', async () => {
    const first = await store.put(Readable.from([Buffer.from('uno '), Buffer.from('due')]));
    const second = await store.put(Buffer.from('tre'));
    expect(first).not.toBe(second);
    expect(await readFile(path.join(root, first), 'utf8')).toBe('uno due');
  });

  it('leaves nothing behind when the stream fails half way', async () => {
    async function* failing() {
      yield Buffer.from('metà');
      throw new Error('client gone');
    }
    await expect(store.put(Readable.from(failing()))).rejects.toThrow('client gone');
    expect(await filesOnDisk()).toEqual([]);
  });

  // Seen after a 413: the content refused before the file was open, the clean-up ran, then the
  // write stream's open (by path, still under way) created the partial file and it stayed.
  it('leaves nothing behind when the content fails before the file is open', async () => {
    // Every open by path (fs.open, what a path-based write stream uses) is held until put has
    // answered, so a sink that opens its file after the clean-up is caught every time.
    let answered!: () => void;
    const putAnswered = new Promise<void>((resolve) => (answered = resolve));
    const heldOpens: Promise<void>[] = [];
    const realOpen = fs.open;
    const held = jest.spyOn(fs, 'open').mockImplementation(((...args: unknown[]) => {
      const callback = args.pop() as (...results: unknown[]) => void;
      heldOpens.push(
        new Promise<void>((opened) => {
          void putAnswered.then(() =>
            (realOpen as (...openArgs: unknown[]) => void)(...args, (...results: unknown[]) => {
              callback(...results);
              opened();
            }),
          );
        }),
      );
    }) as typeof fs.open);
    try {
      const refused = new Readable({
        read() {
          this.destroy(new Error('payload too large'));
        },
      });
      await expect(store.put(refused)).rejects.toThrow('payload too large');
    } finally {
      answered();
      await Promise.all(heldOpens);
      held.mockRestore();
    }
    expect(await filesOnDisk()).toEqual([]);
  });

  it('removes a file, and removing it again is not an error', async () => {
    const key = await store.put(Buffer.from('x'));
    await store.remove(key);
    await store.remove(key);
    expect(await filesOnDisk()).toEqual([]);
    await expect(store.open(key)).rejects.toBeInstanceOf(UploadNotFoundError);
  });

  it('refuses keys it did not make, so a stored key can never walk out of the folder', async () => {
    for (const key of ['../../etc/passwd', 'ab/../../x', '/etc/passwd', 'AB/CDEF', 'ab/0123456789abcdef0123456789abcd.partial']) {
      await expect(store.open(key)).rejects.toThrow('Malformed upload key');
      await expect(store.remove(key)).rejects.toThrow('Malformed upload key');
    }
  });
});

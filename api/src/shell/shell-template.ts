import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * host/dist/index.html, the page every known host gets. Kept in memory and re-read when the
 * file changes, so a rebuilt shell is served without restarting the API.
 */
export class ShellTemplate {
  readonly file: string;
  private cached: { mtimeMs: number; html: string } | null = null;

  constructor(staticRoot: string) {
    this.file = path.join(staticRoot, 'host', 'dist', 'index.html');
  }

  /** The template, or null when the shell has not been built. */
  async load(): Promise<string | null> {
    const info = await stat(this.file).catch(() => null);
    if (!info) return null;
    if (this.cached?.mtimeMs !== info.mtimeMs) {
      this.cached = { mtimeMs: info.mtimeMs, html: await readFile(this.file, 'utf8') };
    }
    return this.cached.html;
  }
}

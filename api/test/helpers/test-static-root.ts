import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

/** What host/dist/index.html looks like: the four tokens the API replaces. */
export const FAKE_SHELL_TEMPLATE = `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><title>__INCONTRA_TITLE__</title><meta name="theme-color" content="__INCONTRA_THEME_COLOR__"></head>
<body><!--INCONTRA_FIRST_PAINT--><div id="root"></div><!--INCONTRA_INITIAL_DATA--><script defer src="/shell/main.0123456789abcdef.js"></script></body>
</html>
`;

export const FAKE_REMOTE_CHUNK = 'export {};';

async function put(root: string, file: string, content: string | Buffer): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

/** A STATIC_ROOT with a fake shell build and a fake visitor remote build (or no shell at all). */
export async function createStaticRoot(options: { withShell?: boolean } = {}): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'incontra-static-'));
  if (options.withShell !== false) {
    await put(root, 'host/dist/index.html', FAKE_SHELL_TEMPLATE);
    await put(root, 'host/dist/main.0123456789abcdef.js', 'console.info("shell")');
    await put(root, 'host/dist/default-logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  await put(root, 'mfe-visitor/dist/mf-manifest.json', '{"id":"incontra_visitor"}');
  await put(root, 'mfe-visitor/dist/remoteEntry.js', 'var incontra_visitor;');
  await put(root, 'mfe-visitor/dist/chunk.89abcdef01234567.js', FAKE_REMOTE_CHUNK);
  // The build writes a brotli copy beside each file.
  await put(root, 'mfe-visitor/dist/chunk.89abcdef01234567.js.br', brotliCompressSync(FAKE_REMOTE_CHUNK));
  return root;
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The repository's guides (docs/*.md) name files between backticks, from the repository's root;
 * each must exist, so that a guide cannot point at what was moved or deleted. A placeholder
 * (`api/src/<domain>/`, `{api,components}`, `*`) stops the check at the folder before it.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const DOCS = path.join(ROOT, 'docs');
const TOP_FOLDERS = [
  'api',
  'shared-contracts',
  'mfe-kit',
  'mfe-visitor',
  'mfe-room',
  'mfe-backoffice',
  'mfe-billing',
  'host',
  'e2e',
  'docs',
  'tooling',
  'bench',
];
const ROOT_FILE = /^[\w.-]+\.(md|mjs|cjs|json)$/;

/** The backticked spans of `text` that name a file or folder of the repository. */
function pathsNamedIn(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return spans.filter((span) => !/\s/.test(span) && (TOP_FOLDERS.some((folder) => span.startsWith(`${folder}/`)) || ROOT_FILE.test(span)));
}

/** The part of `named` to look for: up to the folder before its first placeholder. */
function existingPart(named: string): string {
  const segments = named.split('/');
  const placeholder = segments.findIndex((segment) => /[<{*]/.test(segment));
  return placeholder === -1 ? named : segments.slice(0, placeholder).join('/');
}

const guides = readdirSync(DOCS).filter((name) => name.endsWith('.md'));

describe('the guides in docs/', () => {
  it('finds the paths between backticks, and only those', () => {
    expect(pathsNamedIn('see `api/src/app.ts`, `README.md`, `request.staff`, `GET /api/activity` and `@incontra/contracts/api`')).toEqual([
      'api/src/app.ts',
      'README.md',
    ]);
  });

  it.each(guides)('%s names only files that exist', (guide) => {
    const named = pathsNamedIn(readFileSync(path.join(DOCS, guide), 'utf8'));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((each) => !existsSync(path.join(ROOT, existingPart(each))))).toEqual([]);
  });
});

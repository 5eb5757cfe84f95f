// One lint for the whole repository (`npm run lint`, part of `npm test`): TypeScript's and React
// hooks' rules, and the import boundaries that keep the packages deployable on their own.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const REMOTES = ['mfe-visitor', 'mfe-room', 'mfe-backoffice', 'mfe-billing'];
const PACKAGE_NAMES = { 'mfe-visitor': 'visitor', 'mfe-room': 'room', 'mfe-backoffice': 'backoffice', 'mfe-billing': 'billing' };

/** Another package's source, by workspace name or by a relative path that climbs out of this one. */
const packageImports = (folder, name) => [`@incontra/${name}`, `@incontra/${name}/*`, `**/${folder}/src/**`, `**/${folder}/src`];

/** A remote never imports another remote (nor the shell): they deploy alone and meet only through contracts. */
const remoteBoundary = (remote) => ({
  files: [`${remote}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [...REMOTES.filter((other) => other !== remote).flatMap((other) => packageImports(other, `mfe-${PACKAGE_NAMES[other]}`)), ...packageImports('host', 'host')],
            message: 'A remote never imports another remote or the shell: share through @incontra/contracts or @incontra/mfe-kit.',
          },
        ],
      },
    ],
  },
});

const API_NO_BROWSER = {
  group: ['react', 'react-dom', 'react-dom/*', '@mantine/*', '@incontra/mfe-kit', '@incontra/mfe-kit/*', '**/mfe-*/**', '**/host/src/**', 'twilio-video', '@twilio/video-processors'],
  message: 'The API never imports browser code.',
};

/** Another API domain's repository (`../<domain>/…repository`), from a domain's file or one folder deeper. */
const API_OWN_REPOSITORY = {
  group: ['../*/*repository', '../../*/*repository'],
  message: "A domain never imports another domain's repository: call its facade (its facade.ts, its service, or what its plugin decorates).",
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.tsbuild/**', '**/test-results/**', '**/playwright-report/**', 'bench/results/**', '.data/**', '**/*.cjs', '**/*.mjs', '**/*.js'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'error',
    },
  },
  {
    // Tests may reach into objects loosely, and the probe builds hostile values on purpose.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', '**/testing/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  ...REMOTES.map(remoteBoundary),
  {
    files: ['mfe-kit/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: [...REMOTES.flatMap((remote) => packageImports(remote, `mfe-${PACKAGE_NAMES[remote]}`)), ...packageImports('host', 'host')], message: 'The kit serves every remote: it imports none of them.' }] },
      ],
    },
  },
  {
    files: ['shared-contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@incontra/*', '**/api/src/**', '**/mfe-*/**', '**/host/**'], message: 'The contracts import nothing of ours: every package imports them.' }] },
      ],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [API_NO_BROWSER] }] },
  },
  {
    // An API domain (api/src/<domain>/) owns its repository; another domain calls its facade.
    files: ['api/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [API_NO_BROWSER, API_OWN_REPOSITORY] }] },
  },
);

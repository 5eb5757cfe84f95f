/** One Jest run, one project per package; `--selectProjects <name>` runs one. */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } }];
const contractsMapper = { '^@incontra/contracts/(.*)$': '<rootDir>/../shared-contracts/src/$1' };
const kitMapper = { '^@incontra/mfe-kit/(.*)$': '<rootDir>/../mfe-kit/src/$1' };

const browserProject = (name, dir) => ({
  displayName: name,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: 'jsdom',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { ...contractsMapper, ...kitMapper, '\\.(css)$': 'identity-obj-proxy' },
  setupFilesAfterEach: undefined,
  setupFilesAfterEnv: ['<rootDir>/../tooling/jest-dom-setup.ts'],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
});

module.exports = {
  // Per test, for every project (Jest reads it from the top level only: inside a project it was
  // ignored, and a page test under the stress check of `npm test` met the default 5 s). A page
  // test types and clicks through a whole form in jsdom: well under a second on an idle machine,
  // seconds with both cores pinned by other work. The limit catches a hung test; it times nothing.
  testTimeout: 30000,
  projects: [
    {
      displayName: 'contracts',
      rootDir: '<rootDir>/shared-contracts',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc },
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    {
      displayName: 'api',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      // PGlite and @fastify/cookie load modules with import(), which Jest's VM refuses without
      // --experimental-vm-modules: swc rewrites those into require() (and caches the result).
      transform: { '^.+\\.ts$': swc, '/node_modules/(@electric-sql/pglite/dist/.+\\.cjs|@fastify/cookie/index\\.js)$': swc },
      transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/pglite|@fastify/cookie)/)'],
      // ESM-only packages that Node requires natively but Jest cannot: see test/helpers/esm-only.
      moduleNameMapper: {
        ...contractsMapper,
        '^cookie$': '<rootDir>/test/helpers/esm-only/cookie.cjs',
        '^content-disposition$': '<rootDir>/test/helpers/esm-only/content-disposition.cjs',
      },
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    },
    browserProject('host', 'host'),
    browserProject('mfe-kit', 'mfe-kit'),
    browserProject('mfe-visitor', 'mfe-visitor'),
    browserProject('mfe-room', 'mfe-room'),
    browserProject('mfe-backoffice', 'mfe-backoffice'),
    browserProject('mfe-billing', 'mfe-billing'),
  ].map(({ setupFilesAfterEach, ...project }) => project),
};

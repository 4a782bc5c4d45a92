// @ts-check
// JavaScript, not TypeScript: jest would load a .ts config through ts-node, about 3 s on every run.

// ESM-only packages that jest's CommonJS runtime must transform (see ../shared/docs/toolchain.md).
const esmPackages = [
  'rettime',
  'until-async',
  '@mswjs',
  'msw',
  '@open-draft',
  'headers-polyfill',
  'outvariant',
  'strict-event-emitter',
  'is-node-process',
  'jose',
  'openid-client',
  'oauth4webapi',
  'typebox',
  '@date-fns/tz',
  'lucide-react',
  // The build's Markdown converter (scripts/markdown/document.js), which its tests load.
  'marked',
];

/** @type {[string, Record<string, unknown>]} */
const tsJest = [
  'ts-jest',
  {
    // Types are checked by `npm run typecheck`; ts-jest only transpiles.
    diagnostics: false,
    // isolatedModules: each file transpiled on its own (transpileModule), not through a language service that
    // resolves its imports: much faster on a cold cache, and what tsconfig.json already requires of the code.
    tsconfig: { isolatedModules: true, module: 'commonjs', moduleResolution: 'node', jsx: 'react-jsx', allowJs: true, esModuleInterop: true, target: 'ES2022' },
  },
];

const common = {
  // The repository's Markdown documents, rendered to HTML as the build's loader does (scripts/markdown/).
  transform: { '^.+\\.[tj]sx?$': tsJest, '^.+\\.m?js$': tsJest, '^.+\\.md$': '<rootDir>/scripts/markdown/jestTransform.js' },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': '<rootDir>/test/utils/styleStub.ts',
    '\\.(svg|png|woff2?)$': '<rootDir>/test/utils/fileStub.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@contract/(.*)$': '<rootDir>/server/src/contract/$1',
    '^@content/(.*)$': '<rootDir>/content/$1',
  },
};

/** @type {import('jest').Config} */
const config = {
  // One worker per core (jest's default leaves one core idle): on CI's 2 cores the suites wait on I/O, child
  // processes and the database much of the time — 329 s instead of ~460 s for the whole run, measured.
  maxWorkers: '100%',
  // A page test renders the whole route table and its lazy modules; on a busy 2-core machine one can take 6–8 s.
  // Jest's 5 s default then fails a test that has no bug; a hung test still fails. (A project's own testTimeout is
  // not read: it has to be here.)
  testTimeout: 15_000,
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/server/', '<rootDir>/test/e2e/'],
      setupFilesAfterEnv: ['<rootDir>/test/setupTests.ts'],
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/server/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/server/setup.ts'],
    },
  ],
};

module.exports = config;

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

/**
 * `npm run test:server:pg` runs the server project a second time on a real PostgreSQL (SERVER_SUITE_ON_POSTGRES=1).
 * Left out of that run: the suites whose subject is not the database, which would only repeat the PGlite run.
 */
const notAboutTheDatabase = [
  // Configuration, plugin wiring, HTTP errors and headers, log redaction, the query-string fuzzing, the dev server,
  // the static build, and the server-process tests (their child processes always use PGlite).
  'test/server/app/',
  // The contact form and Google sign-in.
  'test/server/(contact|oauth)/',
  // The e-mailed-link account flows.
  'test/server/account/(verification|reset|settings)\\.test\\.ts',
  // The per-address limits (only the limit counters two instances share run again: limits/concurrency, dualStack).
  'test/server/limits/(config|addresses|clientAddress|login|requests|sessions)\\.test\\.ts',
  // The reports' and the invoice's PDF: rendering, glyphs, page limits, what each reader sees, the parts table.
  'test/server/reports/(rendering|scripts|limits|visibility|parts)\\.test\\.ts',
  'test/server/billing/pdf\\.test\\.ts',
  // The tracking streams' limits; the e-mail's plain names; the production password cost; the catalogue's answers.
  'test/server/tracking/streamLimits\\.test\\.ts',
  'test/server/mail/names\\.test\\.ts',
  'test/server/auth/passwordCost\\.test\\.ts',
  'test/server/catalog/',
  // Pure functions, no database at all: rules, messages, texts, the contract's schemas, SQL text helpers.
  'test/server/[A-Za-z]+/rules\\.test\\.ts',
  'test/server/(domain|contract)/',
  'test/server/(events/messages|notifications/texts|account/messages|db/sqlText|billing/config)\\.test\\.ts',
  // The demo workshop's parts (the demo itself runs again: test/server/demo).
  'test/server/inventory/demo\\.test\\.ts',
];

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
      testPathIgnorePatterns: ['/node_modules/', ...(process.env.SERVER_SUITE_ON_POSTGRES === '1' ? notAboutTheDatabase : [])],
      setupFilesAfterEnv: ['<rootDir>/test/server/setup.ts'],
    },
  ],
};

module.exports = config;

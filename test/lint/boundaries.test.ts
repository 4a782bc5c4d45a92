import { spawnSync } from 'node:child_process';
import path from 'node:path';

interface Fixture {
  name: string;
  filePath: string;
  code: string;
  /** The rule that must reject it; null for an import the boundaries allow. */
  rejectedBy: string | null;
}

// Each zone of eslint.config.mjs, proven on an import it must reject (and the imports next to it it must let through),
// so a rule cannot silently stop applying.
const FIXTURES: Fixture[] = [
  {
    name: 'a feature imports a feature other than auth and jobs',
    filePath: 'src/features/reports/Fixture.tsx',
    code: "import { TrackingLinkPanel } from '@/features/tracking';\nexport const used = TrackingLinkPanel;\n",
    rejectedBy: 'import-x/no-restricted-paths',
  },
  {
    name: 'a feature imports jobs and auth through their public entries',
    filePath: 'src/features/reports/Fixture.tsx',
    code: "import { selectCurrentUser } from '@/features/auth';\nimport { JobStatusBadge } from '@/features/jobs';\nexport const used = [selectCurrentUser, JobStatusBadge];\n",
    rejectedBy: null,
  },
  {
    name: 'jobs imports a feature other than auth',
    filePath: 'src/features/jobs/Fixture.tsx',
    code: "import { DownloadReportButton } from '@/features/reports';\nexport const used = DownloadReportButton;\n",
    rejectedBy: 'import-x/no-restricted-paths',
  },
  {
    name: 'auth imports another feature',
    filePath: 'src/features/auth/Fixture.ts',
    code: "import { jobsApi } from '@/features/jobs';\nexport const used = jobsApi;\n",
    rejectedBy: 'import-x/no-restricted-paths',
  },
  {
    name: 'code outside a feature reaches past its public entry',
    filePath: 'src/app/routes/Fixture.ts',
    code: "import { jobsApi } from '@/features/jobs/jobsApi';\nexport const used = jobsApi;\n",
    rejectedBy: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'app composes any feature through its public entry',
    filePath: 'src/app/routes/Fixture.ts',
    code: "import { DownloadReportButton } from '@/features/reports';\nimport { TrackingLinkPanel } from '@/features/tracking';\nexport const used = [DownloadReportButton, TrackingLinkPanel];\n",
    rejectedBy: null,
  },
  {
    name: 'a feature imports app/',
    filePath: 'src/features/live/Fixture.ts',
    code: "import { LIVE_TAGS } from '@/app/liveTags';\nexport const used = LIVE_TAGS;\n",
    rejectedBy: 'import-x/no-restricted-paths',
  },
  {
    name: 'shared UI imports a feature',
    filePath: 'src/components/Fixture.tsx',
    code: "import { selectCurrentUser } from '@/features/auth';\nexport const used = selectCurrentUser;\n",
    rejectedBy: 'import-x/no-restricted-paths',
  },
  {
    name: 'a helper imports a feature',
    filePath: 'src/lib/fixture.ts',
    code: "import { hasRole } from '@/features/auth';\nexport const used = hasRole;\n",
    rejectedBy: 'import-x/no-restricted-paths',
  },
  {
    name: 'an import closes a cycle (the API layer imports what imports it)',
    filePath: 'src/api/errors.ts',
    code: "import { api } from './api';\nexport const used = api;\n",
    rejectedBy: 'import-x/no-cycle',
  },
];

function lint(fixtures: readonly Fixture[]): string[][] {
  const root = path.resolve(__dirname, '../..');
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lintFixtures.mjs')], {
    cwd: root,
    input: JSON.stringify(fixtures.map(({ filePath, code }) => ({ filePath: path.join(root, filePath), code }))),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`ESLint failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as string[][];
}

describe('the import boundaries (architecture.md §2)', () => {
  let rules: string[][] = [];
  beforeAll(() => {
    rules = lint(FIXTURES);
  }, 180_000);

  test.each(FIXTURES.map((fixture, index) => [fixture.name, index] as const))('%s', (_name, index) => {
    const { rejectedBy } = FIXTURES[index];
    const boundaryRules = rules[index].filter((rule) => /no-restricted|no-cycle/.test(rule));
    if (rejectedBy === null) expect(boundaryRules).toEqual([]);
    else expect(boundaryRules).toContain(rejectedBy);
  });
});

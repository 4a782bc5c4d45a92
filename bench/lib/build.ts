import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DIST, ROOT } from './paths';
import { runCommand } from './processes';

/** Newest modification time (ms) of any file under `dir` (recursively). */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const BUILD_OUTPUTS = [path.join(DIST, 'index.html'), path.join(ROOT, 'build-stats', 'chunk-groups.json')];
const BUILD_INPUTS = ['src', 'public', 'webpack.config.js', 'package.json', 'tsconfig.json'].map((p) => path.join(ROOT, p));

export const BUILD_UP_TO_DATE = 'build is up to date';

export interface BuildStatus {
  rebuilt: boolean;
  reason: string;
  durationMs: number;
}

/**
 * Runs `npm run build` when dist/ or build-stats/ is missing or older than its sources. With BENCH_DIST the bench
 * serves that copy of a build as it is: it only checks that it holds an index.html.
 */
export async function ensureFreshBuild(): Promise<BuildStatus> {
  if (process.env.BENCH_DIST) {
    if (!existsSync(path.join(DIST, 'index.html'))) throw new Error(`BENCH_DIST=${process.env.BENCH_DIST} holds no index.html`);
    return { rebuilt: false, reason: `prebuilt copy ${DIST} (BENCH_DIST), not compared with the sources`, durationMs: 0 };
  }
  const missing = BUILD_OUTPUTS.filter((f) => !existsSync(f));
  const builtAt = missing.length ? 0 : Math.min(...BUILD_OUTPUTS.map((f) => statSync(f).mtimeMs));
  const sourcesAt = Math.max(...BUILD_INPUTS.map(newestMtime));
  let reason: string;
  if (missing.length) reason = `missing ${missing.map((f) => path.relative(ROOT, f)).join(', ')}`;
  else if (sourcesAt > builtAt) reason = 'sources newer than the build';
  else return { rebuilt: false, reason: BUILD_UP_TO_DATE, durationMs: 0 };

  console.info(`[bench] npm run build (${reason}) …`);
  const started = Date.now();
  await runCommand('npm', ['run', 'build'], { cwd: ROOT });
  return { rebuilt: true, reason, durationMs: Date.now() - started };
}

import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
/**
 * The production build the bench serves and reads source maps from: dist/, or a copy of a build named by
 * BENCH_DIST (e.g. `cp -r dist /tmp/bench-dist` while others rebuild dist/); a copy is never rebuilt (lib/build.ts).
 */
export const DIST = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(ROOT, 'dist');
export const BENCH_DIR = path.join(ROOT, 'bench');

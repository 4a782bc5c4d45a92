import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const DIST = path.join(ROOT, 'dist');
export const BENCH_DIR = path.join(ROOT, 'bench');

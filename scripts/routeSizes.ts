import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const KiB = 1024;
const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');

const config = JSON.parse(readFileSync(path.join(__dirname, 'route-budgets.json'), 'utf8')) as {
  budgetsKiB: Record<string, number>;
  routes: Record<string, string[]>;
};

/** The chunk groups each route loads (scripts/route-budgets.json). */
export const ROUTES: Record<string, string[]> = config.routes;

/** A route's JavaScript budget in bytes of gzip. */
export function budgetFor(route: string): number {
  return (config.budgetsKiB[route] ?? config.budgetsKiB['*']) * KiB;
}

export interface AssetSize {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteSize {
  route: string;
  files: string[];
  js: AssetSize;
  css: AssetSize;
  requests: number;
}

const cache = new Map<string, AssetSize>();
function sizeOf(file: string): AssetSize {
  const hit = cache.get(file);
  if (hit) return hit;
  const buf = readFileSync(path.join(dist, file));
  const size = {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
  cache.set(file, size);
  return size;
}

function sum(files: string[]): AssetSize {
  return files.map(sizeOf).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { raw: 0, gzip: 0, brotli: 0 });
}

export function readChunkGroups(): Record<string, string[]> {
  return JSON.parse(readFileSync(path.join(root, 'build-stats', 'chunk-groups.json'), 'utf8')) as Record<string, string[]>;
}

/** JS and CSS a first visit to each route downloads (index.html + favicon counted in requests). */
export function routeSizes(groups = readChunkGroups()): RouteSize[] {
  return Object.entries(ROUTES).map(([route, names]) => {
    const files = [
      ...new Set(
        names.flatMap((n) => {
          const g = groups[n];
          if (!g) throw new Error(`Chunk group "${n}" (route ${route}) is missing from the build — check the webpackChunkName comments.`);
          return g;
        }),
      ),
    ];
    return {
      route,
      files,
      js: sum(files.filter((f) => f.endsWith('.js'))),
      css: sum(files.filter((f) => f.endsWith('.css'))),
      requests: files.length + 2,
    };
  });
}

export const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type * as Prerender from '../src/app/prerender';
import type { RouteManifest } from '../src/app/routes/manifest';

export const KiB = 1024;
const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');

/** The build's Node bundle of the app (webpack.config.js), which keeps the route table's build facts. */
export function readPrerenderBundle(): typeof Prerender {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle webpack built for Node (CommonJS)
  return require(path.join(root, 'build-stats', 'prerender', 'render.js')) as typeof Prerender;
}

let manifest: RouteManifest | undefined;
/** Each route's chunk groups and budget, the pre-rendered pages and the shells, derived from the route table. */
export function readRouteManifest(): RouteManifest {
  manifest ??= readPrerenderBundle().ROUTE_MANIFEST;
  return manifest;
}

/** A route's JavaScript budget in bytes of gzip. */
export function budgetFor(route: string): number {
  const found = readRouteManifest().measured.find((r) => r.name === route);
  if (!found) throw new Error(`The route table has no route "${route}"`);
  return found.budgetKiB * KiB;
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
  /** Bytes of gzip. */
  budget: number;
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
  return readRouteManifest().measured.map(({ name, groups: names, budgetKiB }) => {
    const files = [
      ...new Set(
        names.flatMap((n) => {
          const g = groups[n];
          if (!g) throw new Error(`Chunk group "${n}" (route ${name}) is missing from the build: check its meta against its webpackChunkName.`);
          return g;
        }),
      ),
    ];
    return {
      route: name,
      files,
      js: sum(files.filter((f) => f.endsWith('.js'))),
      css: sum(files.filter((f) => f.endsWith('.css'))),
      requests: files.length + 2,
      budget: budgetKiB * KiB,
    };
  });
}

export const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;

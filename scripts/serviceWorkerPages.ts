/**
 * Writes the pre-rendered pages into the service worker: webpack builds dist/sw.js (InjectManifest) before
 * scripts/prerender.ts writes the pages, so their list and revisions (a hash of each file) go in here, as
 * src/serviceWorker/pages.ts describes them. A page whose HTML changes changes sw.js, so browsers install the new build.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type PageFrames, type PageView, VIEW_OF_ROLE } from '../server/src/contract/pageViews';
import type { MeasuredRoute, Shell } from '../src/app/routes/manifest';
import type { Role } from '../src/features/auth';
import type { PageManifest } from '../src/serviceWorker/pages';

/** Where the build's sw.js reads the list (src/serviceWorker/sw.ts). */
const INJECTION_POINT = 'self.__CARCARE_PAGES';

/**
 * The code only signed-in roles use, by view: every file of the pages a role opens (their chunk groups) that nothing
 * else uses — no page open to anyone, no signed-in area's shell (its frame, guards and loaders: with them a signed-out
 * visitor's dashboard link still leads to sign-in offline), no lazy part no route names (the device's data, a dialog).
 * The service worker keeps a view's files for that view's user only; every other file of the build is everyone's.
 */
export function viewCode(
  manifest: { measured: readonly Pick<MeasuredRoute, 'groups' | 'roles'>[]; shells: readonly Pick<Shell, 'groups'>[] },
  groups: Record<string, readonly string[]>,
): Record<PageView, string[]> {
  const filesOf = (names: Iterable<string>) => new Set([...names].flatMap((name) => groups[name] ?? []));
  const signedIn = manifest.measured.filter((route) => route.roles !== null);
  const theirs = new Set(signedIn.flatMap((route) => route.groups));
  const shared = new Set([...manifest.measured.filter((route) => route.roles === null), ...manifest.shells].flatMap((part) => part.groups));
  const everyone = filesOf(Object.keys(groups).filter((name) => shared.has(name) || !theirs.has(name)));
  const views: Record<PageView, string[]> = { customer: [], technician: [], admin: [] };
  for (const [role, view] of Object.entries(VIEW_OF_ROLE) as [Role, PageView][]) {
    const own = filesOf(signedIn.filter((route) => route.roles?.includes(role)).flatMap((route) => route.groups));
    views[view] = [...own].filter((file) => !everyone.has(file)).sort();
  }
  return views;
}

/** The view lists a built sw.js carries (injectPages), or null for a build from before them. */
export function readViewCode(dist: string): Record<PageView, string[]> | null {
  const [, views] = /"views":(\{[^}]*\})/.exec(readFileSync(path.join(dist, 'sw.js'), 'utf8')) ?? [];
  return views ? (JSON.parse(views) as Record<PageView, string[]>) : null;
}

/** Files under dist/, by path (pages), path prefix (shells) or path and view (frames), as scripts/prerender.ts lists them in pages.json. */
export function injectPages(
  dist: string,
  files: { pages: Record<string, string>; shells: Record<string, string>; frames: PageFrames; views: Record<PageView, string[]> },
): void {
  const url = (file: string) => `/${file}`;
  const urls = <T extends string>(map: Partial<Record<T, string>>) => Object.fromEntries(Object.entries<string | undefined>(map).flatMap(([key, file]) => (file ? [[key, url(file)]] : [])));
  const frameFiles = Object.values(files.frames).flatMap((views) => Object.values<string | undefined>(views).filter((file) => file !== undefined));
  const unique = [...new Set([...Object.values(files.pages), ...Object.values(files.shells), ...frameFiles])];
  const manifest: PageManifest = {
    pages: urls(files.pages),
    shells: urls(files.shells),
    frames: Object.fromEntries(Object.entries(files.frames).map(([pathName, views]) => [pathName, urls(views)])),
    precache: unique.map((file) => ({ url: url(file), revision: createHash('sha256').update(readFileSync(path.join(dist, file))).digest('hex').slice(0, 16) })),
    views: Object.fromEntries(Object.entries(files.views).map(([view, list]) => [view, list.map(url)])) as Record<PageView, string[]>,
    // The files are content-hashed: the lists name the build's code, and a new build's lists a cache of its own.
    viewCache: `carcare-view-code-${createHash('sha256').update(JSON.stringify(files.views)).digest('hex').slice(0, 16)}`,
  };

  const target = path.join(dist, 'sw.js');
  const source = readFileSync(target, 'utf8');
  const found = source.split(INJECTION_POINT).length - 1;
  if (found !== 1) throw new Error(`dist/sw.js names ${INJECTION_POINT} ${found} times instead of once: the pages cannot be written in`);
  const worker = source.replace(INJECTION_POINT, () => JSON.stringify(manifest));
  writeFileSync(target, worker);
  writeFileSync(`${target}.gz`, gzipSync(worker, { level: 9 }));
  writeFileSync(`${target}.br`, brotliCompressSync(worker, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  // Its columns no longer match the file (no one reads it: it is not served, and only assets/ maps are measured).
  rmSync(`${target}.map`, { force: true });
}

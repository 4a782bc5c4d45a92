/**
 * Writes the table's `prerender` pages and each signed-in area's shell into the build, so a phone paints before any
 * JavaScript downloads; pages.json tells the static site (server/src/plugins/staticSite.ts) which file serves a path.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readChunkGroups, readPrerenderBundle } from './routeSizes';
import type { PageFrames } from '../server/src/contract/pageViews';
import { injectPages, viewCode } from './serviceWorkerPages';

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const bundle = readPrerenderBundle();

const groups = readChunkGroups();
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
/** The empty #root of dist/index.html (html-webpack-plugin minifies it: the quotes may be gone). */
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
if (!EMPTY_ROOT.test(template)) throw new Error('dist/index.html has no empty <div id="root"> to fill');

/** React writes a page's <title> (and other head tags) first; they belong in the head, where hydration finds them. */
const HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

/** The entry's <script defer> tags in dist/index.html (html-webpack-plugin minifies them: the quotes may be gone). */
const ENTRY_SCRIPT = /<script defer(?:="")? src="?([^\s">]+)"?><\/script>/g;
const entryScripts = [...template.matchAll(ENTRY_SCRIPT)].map(([, src]) => src);
if (entryScripts.length === 0) throw new Error('dist/index.html loads no script');
const [bootScript] = groups.boot ?? [];
if (!bootScript) throw new Error('build-stats/chunk-groups.json has no boot entry (src/app/boot.ts)');

/** The files of these chunk groups that the entry does not already load. */
function filesOf(names: readonly string[]): string[] {
  const entry = new Set(groups.main);
  return [...new Set(names.flatMap((name) => groups[name] ?? []))].filter((file) => !entry.has(file));
}
const stylesheets = (files: string[]) => files.filter((f) => f.endsWith('.css')).map((f) => `<link href="/${f}" rel="stylesheet">`);
const scriptsOf = (files: string[]) => files.filter((f) => f.endsWith('.js')).map((f) => `/${f}`);

/** A signed-in area's shell: its CSS, and its scripts preloaded beside the entry's (its page is drawn by them). */
function shellLinks(names: readonly string[]): string {
  const files = filesOf(names);
  return [...stylesheets(files), ...scriptsOf(files).map((src) => `<link href="${src}" rel="preload" as="script">`)].join('');
}

/**
 * A page that paints from its HTML (a public page, a dashboard's frame): its CSS, and instead of the entry's scripts,
 * src/app/boot.ts with the list of the route's chunks and the entry's files — they start after the page has painted
 * from its HTML and CSS. Every file a page asks for before its first paint costs the main thread (a frame's 17 view
 * chunks as preloads, answered by the service worker on a repeat visit, put its paint ~250 ms later at 4× CPU).
 */
function paintFirstLinks(names: readonly string[]): string {
  const files = filesOf(names);
  const scripts = [...scriptsOf(files), ...entryScripts].join(' ');
  return [...stylesheets(files), `<script defer src="/${bootScript}" data-scripts="${scripts}"></script>`].join('');
}

/** dist/index.html without the entry's scripts: a public page's or a frame's are listed on its boot.ts tag instead. */
const publicTemplate = template.replace(ENTRY_SCRIPT, '');

function page(base: string, rootAttributes: string, markup: string, head: string, links: string): string {
  const html = head.includes('<title>') ? base.replace(/<title>[^<]*<\/title>/, '') : base;
  // Functions as replacements: a `$` in the markup is text, not a replacement pattern.
  return html.replace('</head>', () => `${head}${links}</head>`).replace(EMPTY_ROOT, () => `<div id="root"${rootAttributes}>${markup}</div>`);
}

function write(file: string, html: string): void {
  const target = path.join(dist, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, html);
  writeFileSync(`${target}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(`${target}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

const fileFor = (route: string) => `prerendered/${route === '/' ? 'index' : route.slice(1).replaceAll('/', '-')}.html`;

async function main(): Promise<void> {
  const pages: Record<string, string> = {};
  for (const { path: route, groups: names, guestOnly } of bundle.ROUTE_MANIFEST.prerendered) {
    const rendered = await bundle.renderPage(route);
    // A Suspense boundary React did not finish, or outlined (a <template> swapped in by an inline script), cannot be
    // hydrated as sent: the CSP blocks inline scripts. Every boundary of a pre-rendered page must be inline.
    if (/<script\b|<!--\$[?!]-->/.test(rendered)) throw new Error(`${route}: the pre-rendered HTML has an unfinished or outlined Suspense boundary`);
    const head = HEAD_TAGS.exec(rendered)?.[0] ?? '';
    const attributes = ` data-prerendered="${route}"${guestOnly ? ' data-guest-only=""' : ''}`;
    pages[route] = fileFor(route);
    write(pages[route], page(publicTemplate, attributes, rendered.slice(head.length), head, paintFirstLinks(names)));
  }
  const shells: Record<string, string> = {};
  const shell = bundle.renderShell();
  for (const { prefix, groups: names } of bundle.ROUTE_MANIFEST.shells) {
    shells[prefix] = `prerendered/shell${prefix.replaceAll('/', '-')}.html`;
    write(shells[prefix], page(template, ' data-shell=""', shell, '', shellLinks(names)));
  }
  // The dashboards' frames: their area's shell with the page's top, linking the page's CSS as well as the area's. The
  // top is the page's largest paint, so like a public page a frame starts its code once painted.
  const frames: PageFrames = {};
  for (const frame of bundle.PAGE_FRAMES) {
    const area = bundle.ROUTE_MANIFEST.shells.find(({ prefix }) => frame.path === prefix || frame.path.startsWith(`${prefix}/`));
    const route = bundle.ROUTE_MANIFEST.measured.find(({ name }) => name === frame.measured);
    if (!area || !route) throw new Error(`The frame of ${frame.path} (${frame.view}) has no ${area ? `route "${frame.measured}"` : 'signed-in area'} in the route table`);
    const file = `prerendered/frame${frame.path.replaceAll('/', '-')}-${frame.view}.html`;
    (frames[frame.path] ??= {})[frame.view] = file;
    write(file, page(publicTemplate, ' data-shell=""', bundle.renderFrame(frame), '', paintFirstLinks([...area.groups, ...route.groups])));
  }
  writeFileSync(path.join(dist, 'prerendered', 'pages.json'), `${JSON.stringify({ pages, shells, frames }, null, 2)}\n`);
  injectPages(dist, { pages, shells, frames, views: viewCode(bundle.ROUTE_MANIFEST, groups) });
  console.info(
    `Pre-rendered ${Object.keys(pages).join(', ')}, the shells of ${Object.keys(shells).join(', ')} and the frames of ` +
      `${bundle.PAGE_FRAMES.map((f) => `${f.path} (${f.view})`).join(', ')} into dist/prerendered/ and the service worker's precache.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Pre-renders the public pages (src/app/prerender.tsx PRERENDERED_PAGES) into the build, after `webpack` wrote
 * dist/ and the pre-render bundle: each page is dist/index.html with the page's HTML in #root (main.tsx hydrates
 * it), its title in the head, its CSS linked and its scripts preloaded, so a phone paints it before any JavaScript
 * runs. Also writes a shell for each signed-in area (a frame that paints while the page's code and data load).
 * dist/prerendered/pages.json maps each path, and each area's path prefix, to its file for the static site
 * (server/src/plugins/staticSite.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type * as Prerender from '../src/app/prerender';
import { readChunkGroups } from './routeSizes';

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle webpack built for Node (CommonJS)
const bundle = require(path.join(root, 'build-stats', 'prerender', 'render.js')) as typeof Prerender;

const groups = readChunkGroups();
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
/** The empty #root of dist/index.html (html-webpack-plugin minifies it: the quotes may be gone). */
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
if (!EMPTY_ROOT.test(template)) throw new Error('dist/index.html has no empty <div id="root"> to fill');

/** React writes a page's <title> (and other head tags) first; they belong in the head, where hydration finds them. */
const HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

/** <link>s for the files of these chunk groups that the entry does not already load. */
function linksFor(names: readonly string[]): string {
  const entry = new Set(groups.main);
  const files = [...new Set(names.flatMap((name) => groups[name] ?? []))].filter((file) => !entry.has(file));
  return [
    ...files.filter((f) => f.endsWith('.css')).map((f) => `<link href="/${f}" rel="stylesheet">`),
    ...files.filter((f) => f.endsWith('.js')).map((f) => `<link href="/${f}" rel="preload" as="script">`),
  ].join('');
}

function page(rootAttributes: string, markup: string, head: string, links: string): string {
  let html = template;
  if (head.includes('<title>')) html = html.replace(/<title>[^<]*<\/title>/, '');
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
  for (const { path: route, groups: names, guestOnly } of bundle.PRERENDERED_PAGES) {
    const rendered = await bundle.renderPage(route);
    const head = HEAD_TAGS.exec(rendered)?.[0] ?? '';
    const attributes = ` data-prerendered="${route}"${guestOnly ? ' data-guest-only=""' : ''}`;
    pages[route] = fileFor(route);
    write(pages[route], page(attributes, rendered.slice(head.length), head, linksFor(names)));
  }
  const shells: Record<string, string> = {};
  const shell = bundle.renderShell();
  for (const { prefix, groups: names } of bundle.SHELLS) {
    shells[prefix] = `prerendered/shell${prefix.replaceAll('/', '-')}.html`;
    write(shells[prefix], page(' data-shell=""', shell, '', linksFor(names)));
  }
  writeFileSync(path.join(dist, 'prerendered', 'pages.json'), `${JSON.stringify({ pages, shells }, null, 2)}\n`);
  console.info(`Pre-rendered ${Object.keys(pages).join(', ')} and the shells of ${Object.keys(shells).join(', ')} into dist/prerendered/.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

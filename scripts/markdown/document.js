// @ts-check
/**
 * A repository Markdown document (content/legal/*.md) turned into HTML at build time, for webpack
 * (scripts/markdown/loader.js) and jest (scripts/markdown/jestTransform.js) alike: the browser gets the HTML, never a
 * Markdown parser. The page renders the HTML as it is, so this refuses what would make it unsafe or inaccessible:
 *
 * - the document opens with its one `# Title`, then a `Last updated: 27 November 2026` line; both go to the page's
 *   header (its h1 and the date), the rest is the body;
 * - the body's headings start at `##` and never skip a level (one h1 on the page, a correct outline);
 * - no raw HTML (the CSP allows no inline script; a `<script>` or an `onclick` must not slip in), no images;
 * - links only to this site (`/…`, `#…`), `https:`, `mailto:` and `tel:`.
 *
 * Each body heading gets an id from its words (`## What we store` → `what-we-store`), so a section can be linked.
 */
const { Marked } = require('marked');

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const LAST_UPDATED = new RegExp(`^Last updated: (\\d{1,2}) (${MONTHS.join('|')}) (\\d{4})$`);
const SAFE_LINK = /^(\/(?!\/)|#|https:\/\/|mailto:|tel:)/;
/** Ids the page itself uses around the document. */
const RESERVED_IDS = new Set(['page-heading', 'main-content', 'root']);

/**
 * @typedef {object} MarkdownDocument
 * @property {string} title the text of the document's `#` heading
 * @property {string} lastUpdated as written: "27 November 2026"
 * @property {string} lastUpdatedIso the same day as YYYY-MM-DD, for a <time dateTime>
 * @property {string} html the body (everything after the date line) as HTML
 */

/** @param {string} text */
function slug(text) {
  return text
    .toLowerCase()
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * @param {string} source the Markdown
 * @param {string} file its path, for the error messages
 * @returns {MarkdownDocument}
 */
function renderMarkdownDocument(source, file) {
  const fail = (/** @type {string} */ message) => {
    throw new Error(`${file}: ${message}`);
  };
  const ids = new Set();
  const marked = new Marked({
    gfm: true,
    breaks: false,
    renderer: {
      heading({ tokens, depth, text }) {
        const id = slug(text);
        if (!id) fail(`the heading "${text}" has no words to make its id from`);
        if (ids.has(id) || RESERVED_IDS.has(id)) fail(`two headings (or a heading and the page) would share the id "${id}"`);
        ids.add(id);
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });

  const tokens = marked.lexer(source.replace(/^\uFEFF/, ''));
  const blocks = tokens.filter((token) => token.type !== 'space');
  const [titleToken, dateToken] = blocks;
  if (titleToken?.type !== 'heading' || titleToken.depth !== 1) fail('the document must open with its title as a "# " heading');
  if (!titleToken.tokens.every((token) => token.type === 'text' && !token.tokens?.length)) fail('the title is plain text (it becomes the page title)');
  const dateMatch = dateToken?.type === 'paragraph' ? LAST_UPDATED.exec(dateToken.text.trim()) : null;
  if (!dateMatch) fail('the title must be followed by a line "Last updated: <day> <Month> <year>", e.g. "Last updated: 27 November 2026"');
  const [, day, month, year] = /** @type {RegExpExecArray} */ (dateMatch);
  const monthNumber = MONTHS.indexOf(month) + 1;
  const date = new Date(Date.UTC(Number(year), monthNumber - 1, Number(day)));
  if (date.getUTCDate() !== Number(day)) fail(`"${day} ${month} ${year}" is not a day of the calendar`);

  let previousDepth = 1;
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'html') fail(`raw HTML is not allowed (found ${JSON.stringify(token.raw.trim().slice(0, 40))}); write Markdown`);
    if (token.type === 'image') fail('images are not allowed in a legal document');
    if (token.type === 'link' && !SAFE_LINK.test(token.href)) fail(`the link "${token.href}" is not to this site, https:, mailto: or tel:`);
    if (token.type === 'heading' && token !== titleToken) {
      if (token.depth === 1) fail(`"# ${token.text}": the document has one "#" heading, its title; sections are "##"`);
      if (token.depth > previousDepth + 1) fail(`"${'#'.repeat(token.depth)} ${token.text}" skips a heading level after a level-${previousDepth} heading`);
      previousDepth = token.depth;
    }
  });

  const body = /** @type {import('marked').TokensList} */ (Object.assign(tokens.slice(tokens.indexOf(/** @type {import('marked').Token} */ (dateToken)) + 1), { links: tokens.links }));
  const html = marked.parser(body).trim();
  if (!html) fail('the document has no body after its date line');

  return {
    title: /** @type {import('marked').Tokens.Heading} */ (titleToken).text,
    lastUpdated: `${Number(day)} ${month} ${year}`,
    lastUpdatedIso: date.toISOString().slice(0, 10),
    html,
  };
}

module.exports = { renderMarkdownDocument };

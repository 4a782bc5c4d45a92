// @ts-check
/**
 * webpack loader for the repository's Markdown documents (webpack.config.js): the module's default export is the
 * document as scripts/markdown/document.js renders it — { title, lastUpdated, lastUpdatedIso, html } — so the browser
 * bundle holds HTML, and no Markdown parser.
 */
const { renderMarkdownDocument } = require('./document');

/** @this {import('webpack').LoaderContext<Record<string, never>>} @param {string} source */
module.exports = function markdownLoader(source) {
  this.cacheable(true);
  return `export default ${JSON.stringify(renderMarkdownDocument(source, this.resourcePath))};\n`;
};

// @ts-check
/**
 * jest transform for the repository's Markdown documents (jest.config.ts): the same module webpack's loader
 * (scripts/markdown/loader.js) makes, as CommonJS, so a test renders the page the build ships.
 */
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { renderMarkdownDocument } = require('./document');

/** The converter's own source is part of the cache key: a change to it re-renders every document. */
const converter = readFileSync(require.resolve('./document'), 'utf8');

module.exports = {
  /** @param {string} source @param {string} file */
  process(source, file) {
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(renderMarkdownDocument(source, file))} };\n` };
  },
  /** @param {string} source @param {string} file */
  getCacheKey(source, file) {
    return createHash('sha256').update(converter).update('\0').update(file).update('\0').update(source).digest('hex');
  },
};

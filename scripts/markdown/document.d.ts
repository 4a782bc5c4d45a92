/** Types of document.js (plain CommonJS, so webpack's loader and jest's transform can require it). */
export interface MarkdownDocument {
  title: string;
  lastUpdated: string;
  lastUpdatedIso: string;
  html: string;
}

export function renderMarkdownDocument(source: string, file: string): MarkdownDocument;

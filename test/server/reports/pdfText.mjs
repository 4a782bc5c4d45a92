/**
 * Prints the text of a PDF read from standard input as JSON: `{ pages: string[][] }`, each page a list of lines
 * (text items on the same baseline, left to right, joined by one space), plus the document's `info`.
 *
 * pdfjs-dist is ES modules only and jest runs the server suites as CommonJS, so the report tests run this script
 * with `node` in a child process (pdfjs-dist 5.x: 6.x needs Node 22).
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const data = new Uint8Array(Buffer.concat(chunks));

const pdf = await getDocument({ data, verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false }).promise;
const pages = [];
for (let number = 1; number <= pdf.numPages; number += 1) {
  const page = await pdf.getPage(number);
  const content = await page.getTextContent();
  const lines = new Map();
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const y = Math.round(item.transform[5]);
    const line = lines.get(y) ?? [];
    line.push({ x: item.transform[4], text: item.str });
    lines.set(y, line);
  }
  pages.push(
    [...lines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, items]) =>
        items
          .sort((a, b) => a.x - b.x)
          .map((item) => item.text.trim())
          .join(' '),
      ),
  );
}
const { info } = await pdf.getMetadata();
process.stdout.write(JSON.stringify({ pages, info }));
await pdf.destroy();

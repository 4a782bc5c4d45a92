import PDFDocument from 'pdfkit';
import { printable } from '../domain/text';
import { type Face, type ReportFonts, type TextRun, textRuns, type Weight } from './fonts';
import { formatShopInstant } from './format';

/**
 * What the shop's PDF documents share (the service report, pdf.ts; the invoice, invoicePdf.ts): A4 pages with
 * margins and a footer ("Shop time … · Generated … · Page n of m"), the fonts with their fallbacks for any script,
 * and the blocks they are made of — headings, label/value pairs, tables whose heading row repeats on each page,
 * paragraphs. Every piece of text that comes from stored data goes through `write` (drawn) and `heightOf`
 * (measured): both make it printable (no control characters: domain/text.ts) and set it run by run in the face that
 * has its glyphs.
 */

export const MARGIN = 50;
export const FOOTER_HEIGHT = 24;
export const GAP = 16;
export const COLORS = { text: '#111827', muted: '#4b5563', rule: '#d1d5db', band: '#f3f4f6', brand: '#1d4ed8', alert: '#b91c1c' } as const;
export const SIZES = { title: 22, heading: 13, body: 10, small: 8.5 } as const;
const CELL_PADDING = 4;

export type Doc = PDFKit.PDFDocument;

export interface Column {
  header: string;
  /** Share of the content width. */
  share: number;
}

/** Where a piece of text goes and how it looks. */
export interface Style {
  weight: Weight;
  size: number;
  color?: string;
  /** Keep the text's line breaks (a job's notes); otherwise it is one line, wrapped to the width. */
  lineBreaks?: boolean;
}

/** The blocks a document is laid out with; a document's own layout extends it. */
export class DocumentLayout {
  protected readonly width: number;

  constructor(
    protected readonly doc: Doc,
    protected readonly fonts: ReportFonts,
    private readonly timeZone: string,
    /** When the document was generated (ms since the epoch), printed in the footer. */
    private readonly generatedAt: number,
  ) {
    this.width = doc.page.width - 2 * MARGIN;
  }

  protected get zone(): string {
    return this.timeZone;
  }

  protected get bottom(): number {
    return this.doc.page.height - MARGIN - FOOTER_HEIGHT;
  }

  /** A new page when `height` more points would run into the footer. */
  protected ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.x = MARGIN;
      this.doc.y = MARGIN;
    }
  }

  /** DejaVu Sans (the base face) at `weight`, `size` and `color`: for the report's own words. */
  protected font(weight: Weight, size: number, color: string = COLORS.text): Doc {
    return this.doc.font(weight === 'bold' ? 'Bold' : 'Regular').fontSize(size).fillColor(color);
  }

  protected runs(text: string, lineBreaks = false): TextRun[] {
    const runs = textRuns(printable(text, { lineBreaks }), this.fonts);
    return runs.length > 0 ? runs : [{ face: this.fonts.faces[0], text: '' }];
  }

  protected face(face: Face, { weight, size, color = COLORS.text }: Style): Doc {
    return this.doc.font(face.name[weight]).fontSize(size).fillColor(color);
  }

  /**
   * Draws `text` at (x, y), wrapped to `width`; a run in another face continues the same line (pdfkit `continued`).
   * Every face sits on DejaVu's baseline (pdfkit would place each by its own ascender), so a line and a table row
   * read as one whatever their scripts.
   */
  protected write(text: string, x: number, y: number, width: number, style: Style): void {
    const runs = this.runs(text, style.lineBreaks);
    const base = this.fonts.faces[0].font.regular;
    const baseline = -((base.ascent / base.unitsPerEm) * style.size);
    runs.forEach((run, index) => {
      const options = { width, continued: index < runs.length - 1, baseline };
      this.face(run.face, style);
      if (index === 0) this.doc.text(run.text, x, y, options);
      else this.doc.text(run.text, options);
    });
  }

  /**
   * The height `write` takes. Text in one face is measured by pdfkit itself. Mixed text is measured here the way
   * pdfkit wraps it (words with their trailing spaces, greedily), at the tallest line height of its faces, so a
   * row is never shorter than what is drawn in it.
   */
  protected heightOf(text: string, width: number, style: Style): number {
    const runs = this.runs(text, style.lineBreaks);
    if (runs.length === 1) {
      this.face(runs[0].face, style);
      return this.doc.heightOfString(runs[0].text, { width });
    }
    const lineHeight = Math.max(...runs.map((run) => this.face(run.face, style).currentLineHeight(true)));
    const widthOf = (run: TextRun, part: string) => this.face(run.face, style).widthOfString(part);
    let lines = 1;
    let x = 0;
    let word = 0;
    const place = () => {
      if (word === 0) return;
      if (x > 0 && x + word > width) {
        lines += 1;
        x = 0;
      }
      // A word wider than the column is broken across lines.
      lines += Math.max(0, Math.ceil(word / width) - 1);
      x += word > width ? word % width : word;
      word = 0;
    };
    for (const run of runs) {
      for (const part of run.text.split(/(\n|[^\S\n]+)/)) {
        if (part === '') continue;
        if (part === '\n') {
          place();
          lines += 1;
          x = 0;
        } else if (/^\s+$/.test(part)) {
          // Trailing spaces belong to the word before them, as in pdfkit's line breaking.
          word += widthOf(run, part);
          place();
        } else {
          word += widthOf(run, part);
        }
      }
    }
    place();
    return lines * lineHeight;
  }

  protected rule(y: number): void {
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
  }

  /** The shop's name on the left; the document's title and its reference on the right. */
  protected masthead(title: string, reference: string): void {
    const top = this.doc.y;
    this.font('bold', SIZES.title, COLORS.brand).text(SHOP_NAME, MARGIN, top, { width: this.width / 2 });
    this.font('bold', SIZES.heading).text(title, MARGIN + this.width / 2, top + 6, { width: this.width / 2, align: 'right' });
    this.font('regular', SIZES.small, COLORS.muted).text(reference, MARGIN + this.width / 2, this.doc.y + 2, { width: this.width / 2, align: 'right' });
    this.doc.y = Math.max(this.doc.y, top + SIZES.title + 8);
  }

  protected heading(title: string): void {
    // Keep a heading with at least the first lines of what follows it.
    this.ensureSpace(SIZES.heading + 48);
    this.font('bold', SIZES.heading).text(title, MARGIN, this.doc.y, { width: this.width });
    this.doc.y += 4;
  }

  /** Label/value pairs in `columns` columns, row by row. */
  protected pairs(items: [label: string, value: string][], columns = 2): void {
    const columnWidth = (this.width - GAP * (columns - 1)) / columns;
    const label: Style = { weight: 'regular', size: SIZES.small, color: COLORS.muted };
    const value: Style = { weight: 'regular', size: SIZES.body };
    for (let start = 0; start < items.length; start += columns) {
      const row = items.slice(start, start + columns);
      const heights = row.map(([name, text]) => this.heightOf(name, columnWidth, label) + this.heightOf(text, columnWidth, value));
      const height = Math.max(...heights) + 6;
      this.ensureSpace(height);
      const y = this.doc.y;
      row.forEach(([name, text], index) => {
        const x = MARGIN + index * (columnWidth + GAP);
        this.write(name, x, y, columnWidth, label);
        this.write(text, x, this.doc.y, columnWidth, value);
      });
      this.doc.x = MARGIN;
      this.doc.y = y + height;
    }
    this.doc.y += 6;
  }

  /** A table whose heading row is repeated on each new page; each row moves whole to the next page. */
  protected table(columns: Column[], rows: string[][]): void {
    const widths = columns.map((column) => column.share * this.width);
    const rowHeight = (cells: string[], weight: Weight) =>
      Math.max(...cells.map((cell, index) => this.heightOf(cell, widths[index] - 2 * CELL_PADDING, { weight, size: SIZES.body }))) + 2 * CELL_PADDING;
    const drawRow = (cells: string[], weight: Weight, band: boolean, height: number) => {
      const y = this.doc.y;
      if (band) this.doc.rect(MARGIN, y, this.width, height).fill(COLORS.band);
      let x = MARGIN;
      cells.forEach((cell, index) => {
        this.write(cell, x + CELL_PADDING, y + CELL_PADDING, widths[index] - 2 * CELL_PADDING, { weight, size: SIZES.body });
        x += widths[index];
      });
      this.rule(y + height);
      this.doc.x = MARGIN;
      this.doc.y = y + height;
    };
    const headings = columns.map((column) => column.header);
    const headingHeight = rowHeight(headings, 'bold');
    const heights = rows.map((row) => rowHeight(row, 'regular'));
    this.ensureSpace(headingHeight + (heights[0] ?? 0));
    drawRow(headings, 'bold', true, headingHeight);
    rows.forEach((row, index) => {
      if (this.doc.y + heights[index] > this.bottom) {
        this.ensureSpace(this.bottom);
        drawRow(headings, 'bold', true, headingHeight);
      }
      drawRow(row, 'regular', false, heights[index]);
    });
    this.doc.y += 10;
  }

  protected paragraph(text: string, style: Partial<Style> = {}): void {
    const full: Style = { weight: 'regular', size: SIZES.body, ...style };
    this.ensureSpace(this.heightOf(text.slice(0, 200), this.width, full));
    // Long text flows on to the next page by itself (pdfkit breaks at the page's bottom margin).
    this.write(text, MARGIN, this.doc.y, this.width, full);
    this.doc.y += 8;
  }

  /** "Shop time (America/Chicago) · Generated … · Page n of m" at the foot of every page. */
  protected footers(): void {
    const range = this.doc.bufferedPageRange();
    const generated = formatShopInstant(new Date(this.generatedAt).toISOString(), this.zone);
    for (let index = range.start; index < range.start + range.count; index += 1) {
      this.doc.switchToPage(index);
      // Writing below the bottom margin would start a new page: lift the margin while writing the footer.
      const { bottom } = this.doc.page.margins;
      this.doc.page.margins.bottom = 0;
      const y = this.doc.page.height - MARGIN - SIZES.small;
      const one = { lineBreak: false, height: SIZES.small * 1.5, ellipsis: true } as const;
      this.font('regular', SIZES.small, COLORS.muted).text(`Shop time (${this.zone}) · Generated ${generated}`, MARGIN, y, { ...one, width: this.width * 0.8 });
      this.doc.text(`Page ${index - range.start + 1} of ${range.count}`, MARGIN + this.width * 0.8, y, { ...one, width: this.width * 0.2, align: 'right' });
      this.doc.page.margins.bottom = bottom;
    }
  }
}

/** Title, author and subject of a document (its metadata), and when it was made. */
export interface DocumentInfo {
  title: string;
  subject: string;
  createdAt: number;
}

/** A PDF on A4 pages laid out by `draw` (which also writes the footers), with the fonts registered. */
export function createPdf(fonts: ReportFonts, info: DocumentInfo, draw: (doc: Doc) => void): Promise<Buffer> {
  const [base, ...fallbacks] = fonts.faces;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    // No starting font: pdfkit would otherwise load and parse Helvetica's metrics for every document, never to use
    // them. (Starting in DejaVu Sans instead made every later font('Regular') miss pdfkit's cache: it found the
    // same font under its PostScript name and compared the two, ~30 ms a report.) The layout sets a font first.
    font: null as unknown as string,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: printable(info.title),
      Author: SHOP_NAME,
      Subject: printable(info.subject),
      CreationDate: new Date(info.createdAt),
    },
  });
  // pdfkit accepts a parsed fontkit font (it checks for `layout`), which its types do not list. A face is embedded
  // only when a run uses it, and then only with the glyphs used.
  for (const face of [base, ...fallbacks]) {
    doc.registerFont(face.name.regular, face.font.regular as unknown as PDFKit.Mixins.PDFFontSource);
    doc.registerFont(face.name.bold, face.font.bold as unknown as PDFKit.Mixins.PDFFontSource);
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** The shop's name as its documents head it. */
export const SHOP_NAME = 'CarCare';

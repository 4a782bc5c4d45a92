import PDFDocument from 'pdfkit';
import { quantityText } from '../domain/quantity';
import { printable } from '../domain/text';
import { type Face, type ReportFonts, type TextRun, textRuns, type Weight } from './fonts';
import { describeChange, formatDateSlot, formatDuration, formatPrice, formatShopInstant, formatShortDate, type SlotLabels, STAGE_LABELS, STATUS_LABELS } from './format';
import { REPORT_LIMITS } from './limits';
import type { ServiceReport } from './queries';

/** The shop's name as the report heads it. */
export const SHOP_NAME = 'CarCare';

const MARGIN = 50;
const FOOTER_HEIGHT = 24;
const GAP = 16;
const COLORS = { text: '#111827', muted: '#4b5563', rule: '#d1d5db', band: '#f3f4f6', brand: '#1d4ed8' } as const;
const SIZES = { title: 22, heading: 13, body: 10, small: 8.5 } as const;
const CELL_PADDING = 4;

type Doc = PDFKit.PDFDocument;

interface Column {
  header: string;
  /** Share of the content width. */
  share: number;
}

export interface RenderOptions {
  /** The shop's IANA time zone: every instant is printed in it. */
  timeZone: string;
  slots: SlotLabels;
  fonts: ReportFonts;
  /** When the report was generated (ms since the epoch), printed in the footer. */
  generatedAt: number;
}

/** Where a piece of text goes and how it looks. */
interface Style {
  weight: Weight;
  size: number;
  color?: string;
  /** Keep the text's line breaks (a job's notes); otherwise it is one line, wrapped to the width. */
  lineBreaks?: boolean;
}

/** A description cut to REPORT_LIMITS.descriptionLength characters, with "…" when it was longer. */
function shortened(text: string): string {
  const characters = [...text];
  return characters.length <= REPORT_LIMITS.descriptionLength ? text : `${characters.slice(0, REPORT_LIMITS.descriptionLength - 1).join('').trimEnd()}…`;
}

/** "3 earlier changes are not listed." */
function omittedLine(count: number, one: string, many: string, tail = ''): string {
  return `${count} earlier ${count === 1 ? `${one} is` : `${many} are`} not listed${tail}.`;
}

/**
 * Lays the report out on A4 pages, top to bottom: the shop and centre; customer and vehicle; the service (type,
 * catalogue price, status, slot); the dates; the technician; the notes; the stage history; the time logged with
 * its total; the parts used, if any (name, SKU, quantity in its unit; no prices yet); and on every page a footer with the time zone and "Page n of m". Text wraps inside its column and
 * every block and table row moves to a new page when it would not fit (table headings repeat there). The history
 * and the time logs list their latest entries only (REPORT_LIMITS), so a report stays a few pages.
 *
 * Every piece of text that comes from stored data goes through `write` (drawn) and `heightOf` (measured): both make
 * it printable (no control characters: domain/text.ts) and set it run by run in the face that has its glyphs.
 */
class ReportLayout {
  private readonly width: number;

  constructor(
    private readonly doc: Doc,
    private readonly report: ServiceReport,
    private readonly options: RenderOptions,
  ) {
    this.width = doc.page.width - 2 * MARGIN;
  }

  private get zone(): string {
    return this.options.timeZone;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGIN - FOOTER_HEIGHT;
  }

  /** A new page when `height` more points would run into the footer. */
  private ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.x = MARGIN;
      this.doc.y = MARGIN;
    }
  }

  /** DejaVu Sans (the base face) at `weight`, `size` and `color`: for the report's own words. */
  private font(weight: Weight, size: number, color: string = COLORS.text): Doc {
    return this.doc.font(weight === 'bold' ? 'Bold' : 'Regular').fontSize(size).fillColor(color);
  }

  private runs(text: string, lineBreaks = false): TextRun[] {
    const runs = textRuns(printable(text, { lineBreaks }), this.options.fonts);
    return runs.length > 0 ? runs : [{ face: this.options.fonts.faces[0], text: '' }];
  }

  private face(face: Face, { weight, size, color = COLORS.text }: Style): Doc {
    return this.doc.font(face.name[weight]).fontSize(size).fillColor(color);
  }

  /**
   * Draws `text` at (x, y), wrapped to `width`; a run in another face continues the same line (pdfkit `continued`).
   * Every face sits on DejaVu's baseline (pdfkit would place each by its own ascender), so a line and a table row
   * read as one whatever their scripts.
   */
  private write(text: string, x: number, y: number, width: number, style: Style): void {
    const runs = this.runs(text, style.lineBreaks);
    const base = this.options.fonts.faces[0].font.regular;
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
  private heightOf(text: string, width: number, style: Style): number {
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

  private rule(y: number): void {
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
  }

  private header(): void {
    const { center, job } = this.report;
    const top = this.doc.y;
    this.font('bold', SIZES.title, COLORS.brand).text(SHOP_NAME, MARGIN, top, { width: this.width / 2 });
    this.font('bold', SIZES.heading).text('Service report', MARGIN + this.width / 2, top + 6, { width: this.width / 2, align: 'right' });
    this.font('regular', SIZES.small, COLORS.muted).text(`Job ${job.id}`, MARGIN + this.width / 2, this.doc.y + 2, { width: this.width / 2, align: 'right' });
    this.doc.y = Math.max(this.doc.y, top + SIZES.title + 8);
    this.write(center.name, MARGIN, this.doc.y, this.width, { weight: 'bold', size: SIZES.body });
    this.write(center.address, MARGIN, this.doc.y, this.width, { weight: 'regular', size: SIZES.body, color: COLORS.muted });
    this.write(`Phone: ${center.phone}`, MARGIN, this.doc.y, this.width, { weight: 'regular', size: SIZES.body, color: COLORS.muted });
    this.doc.y += 8;
    this.rule(this.doc.y);
    this.doc.y += 12;
  }

  private heading(title: string): void {
    // Keep a heading with at least the first lines of what follows it.
    this.ensureSpace(SIZES.heading + 48);
    this.font('bold', SIZES.heading).text(title, MARGIN, this.doc.y, { width: this.width });
    this.doc.y += 4;
  }

  /** Label/value pairs in `columns` columns, row by row. */
  private pairs(items: [label: string, value: string][], columns = 2): void {
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
  private table(columns: Column[], rows: string[][]): void {
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

  private paragraph(text: string, style: Partial<Style> = {}): void {
    const full: Style = { weight: 'regular', size: SIZES.body, ...style };
    this.ensureSpace(this.heightOf(text.slice(0, 200), this.width, full));
    // Long text flows on to the next page by itself (pdfkit breaks at the page's bottom margin).
    this.write(text, MARGIN, this.doc.y, this.width, full);
    this.doc.y += 8;
  }

  private body(): void {
    const { job, history, timeLogs, totalMinutes, parts } = this.report;
    const { slots } = this.options;
    const vehicle = job.vehicle;
    const makeModel = [vehicle.make, vehicle.model].filter(Boolean).join(' ');

    this.heading('Customer and vehicle');
    this.pairs([
      ['Customer', job.customer.fullName],
      ['Plate', vehicle.plate],
      ['E-mail', job.customer.email],
      ['Make and model', makeModel || 'Not given'],
      ['Phone', job.customer.phoneNumber || 'Not given'],
      ['Year', vehicle.year !== undefined ? String(vehicle.year) : 'Not given'],
    ]);

    this.heading('Service');
    const status = job.status === 'IN_PROGRESS' && job.stage && job.stage !== 'IN_PROGRESS' ? `${STATUS_LABELS[job.status]} · ${STAGE_LABELS[job.stage]}` : STATUS_LABELS[job.status];
    this.pairs([
      ['Service type', job.serviceType.name],
      ['Price', formatPrice(job.serviceType.price)],
      ['Scheduled', formatDateSlot(job.date, job.slot, slots)],
      ['Centre slot', `Bay ${job.bay}`],
      ['Status', status],
      ['Technician', job.assignedEmployee ? `${job.assignedEmployee.fullName}${job.assignedEmployee.department ? ` (${job.assignedEmployee.department})` : ''}` : 'Not assigned'],
    ]);

    this.heading('Dates');
    const instant = (iso: string | undefined, none: string) => (iso ? formatShopInstant(iso, this.zone) : none);
    this.pairs(
      [
        ['Booked', formatShopInstant(job.createdAt, this.zone)],
        ['Started', instant(job.startedAt, 'Not started')],
        job.cancelledAt ? ['Cancelled', formatShopInstant(job.cancelledAt, this.zone)] : ['Completed', instant(job.completedAt, 'Not completed')],
      ],
      3,
    );

    if (job.notes) {
      this.heading('Notes');
      this.paragraph(job.notes, { lineBreaks: true });
    }

    this.heading('Stage history');
    if (history.entries.length === 0) {
      this.paragraph('No changes recorded.', { color: COLORS.muted });
    } else {
      if (history.omitted > 0) this.paragraph(omittedLine(history.omitted, 'change', 'changes'), { color: COLORS.muted });
      this.table(
        [
          { header: 'When', share: 0.27 },
          { header: 'Change', share: 0.48 },
          { header: 'By', share: 0.25 },
        ],
        history.entries.map((entry) => [formatShopInstant(entry.occurredAt, this.zone), describeChange(entry, slots), entry.actor?.fullName ?? '—']),
      );
    }

    this.heading('Time logged');
    if (timeLogs.entries.length === 0) {
      this.paragraph('No time logged on this job.', { color: COLORS.muted });
    } else {
      if (timeLogs.omitted > 0) this.paragraph(omittedLine(timeLogs.omitted, 'time log', 'time logs', '; the total includes them'), { color: COLORS.muted });
      this.table(
        [
          { header: 'Date', share: 0.16 },
          { header: 'Time', share: 0.16 },
          { header: 'Duration', share: 0.13 },
          { header: 'Technician', share: 0.2 },
          { header: 'Work done', share: 0.35 },
        ],
        timeLogs.entries.map((log) => [
          formatShortDate(log.date),
          `${log.startTime}–${log.endTime}`,
          formatDuration(log.durationMinutes),
          log.technician.fullName,
          shortened(printable(log.description)),
        ]),
      );
    }
    this.paragraph(`Total time logged: ${formatDuration(totalMinutes)}`, { weight: 'bold' });

    // Only when some were used: a job without parts (most inspections, every job before parts were recorded) prints
    // as it did, on as few pages.
    if (parts.length > 0) {
      this.heading('Parts used');
      this.table(
        [
          { header: 'Part', share: 0.55 },
          { header: 'SKU', share: 0.27 },
          { header: 'Quantity', share: 0.18 },
        ],
        parts.map((part) => [part.name, part.sku, quantityText(part.quantity, part.unit)]),
      );
    }
  }

  /** "Shop time (America/Chicago) · Generated … · Page n of m" at the foot of every page. */
  private footers(): void {
    const range = this.doc.bufferedPageRange();
    const generated = formatShopInstant(new Date(this.options.generatedAt).toISOString(), this.zone);
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

  render(): void {
    this.header();
    this.body();
    this.footers();
  }
}

/** The service report of one job as a PDF file. */
export function renderServiceReport(report: ServiceReport, options: RenderOptions): Promise<Buffer> {
  const { job } = report;
  const [base, ...fallbacks] = options.fonts.faces;
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
      Title: printable(`${SHOP_NAME} service report: ${job.vehicle.plate}, ${job.serviceType.name}, ${job.date}`),
      Author: SHOP_NAME,
      Subject: `Service report for job ${job.id}`,
      CreationDate: new Date(options.generatedAt),
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
  new ReportLayout(doc, report, options).render();
  doc.end();
  return done;
}

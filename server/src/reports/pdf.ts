import PDFDocument from 'pdfkit';
import type { Catalog } from '../catalog/queries';
import { describeChange, formatDateSlot, formatDuration, formatPrice, formatShopInstant, formatShortDate, STAGE_LABELS, STATUS_LABELS } from './format';
import type { ReportFonts } from './fonts';
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
  catalog: Catalog;
  fonts: ReportFonts;
  /** When the report was generated (ms since the epoch), printed in the footer. */
  generatedAt: number;
}

/**
 * Lays the report out on A4 pages, top to bottom: the shop and centre; customer and vehicle; the service (type,
 * catalogue price, status, slot); the dates; the technician; the notes; the stage history; the time logged with
 * its total; and on every page a footer with the time zone and "Page n of m". Text wraps inside its column and
 * every block and table row moves to a new page when it would not fit (table headings repeat there), however
 * long the notes or the history.
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
    return this.options.catalog.timeZone;
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

  private font(weight: 'regular' | 'bold', size: number, color: string = COLORS.text): Doc {
    return this.doc.font(weight === 'bold' ? 'Bold' : 'Regular').fontSize(size).fillColor(color);
  }

  private heightOf(text: string, width: number, weight: 'regular' | 'bold', size: number): number {
    this.font(weight, size);
    return this.doc.heightOfString(text, { width });
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
    this.font('bold', SIZES.body).text(center.name, MARGIN, this.doc.y, { width: this.width });
    this.font('regular', SIZES.body, COLORS.muted).text(center.address, { width: this.width });
    this.doc.text(`Phone: ${center.phone}`, { width: this.width });
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
    for (let start = 0; start < items.length; start += columns) {
      const row = items.slice(start, start + columns);
      const heights = row.map(([label, value]) => this.heightOf(label, columnWidth, 'regular', SIZES.small) + this.heightOf(value, columnWidth, 'regular', SIZES.body));
      const height = Math.max(...heights) + 6;
      this.ensureSpace(height);
      const y = this.doc.y;
      row.forEach(([label, value], index) => {
        const x = MARGIN + index * (columnWidth + GAP);
        this.font('regular', SIZES.small, COLORS.muted).text(label, x, y, { width: columnWidth });
        this.font('regular', SIZES.body).text(value, x, this.doc.y, { width: columnWidth });
      });
      this.doc.x = MARGIN;
      this.doc.y = y + height;
    }
    this.doc.y += 6;
  }

  /** A table whose heading row is repeated on each new page; each row moves whole to the next page. */
  private table(columns: Column[], rows: string[][]): void {
    const widths = columns.map((column) => column.share * this.width);
    const rowHeight = (cells: string[], weight: 'regular' | 'bold') =>
      Math.max(...cells.map((cell, index) => this.heightOf(cell, widths[index] - 2 * CELL_PADDING, weight, SIZES.body))) + 2 * CELL_PADDING;
    const drawRow = (cells: string[], weight: 'regular' | 'bold', band: boolean, height: number) => {
      const y = this.doc.y;
      if (band) this.doc.rect(MARGIN, y, this.width, height).fill(COLORS.band);
      let x = MARGIN;
      cells.forEach((cell, index) => {
        this.font(weight, SIZES.body).text(cell, x + CELL_PADDING, y + CELL_PADDING, { width: widths[index] - 2 * CELL_PADDING });
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

  private paragraph(text: string, weight: 'regular' | 'bold' = 'regular', color: string = COLORS.text): void {
    this.ensureSpace(this.heightOf(text.slice(0, 200), this.width, weight, SIZES.body));
    // Long text flows on to the next page by itself (pdfkit breaks at the page's bottom margin).
    this.font(weight, SIZES.body, color).text(text, MARGIN, this.doc.y, { width: this.width });
    this.doc.y += 8;
  }

  private body(): void {
    const { job, history, timeLogs, totalMinutes } = this.report;
    const { catalog } = this.options;
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
      ['Scheduled', formatDateSlot(job.date, job.slot, catalog)],
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
      this.paragraph(job.notes);
    }

    this.heading('Stage history');
    if (history.length === 0) {
      this.paragraph('No changes recorded.', 'regular', COLORS.muted);
    } else {
      this.table(
        [
          { header: 'When', share: 0.27 },
          { header: 'Change', share: 0.48 },
          { header: 'By', share: 0.25 },
        ],
        history.map((entry) => [formatShopInstant(entry.occurredAt, this.zone), describeChange(entry, catalog), entry.actor?.fullName ?? '—']),
      );
    }

    this.heading('Time logged');
    if (timeLogs.length === 0) {
      this.paragraph('No time logged on this job.', 'regular', COLORS.muted);
    } else {
      this.table(
        [
          { header: 'Date', share: 0.16 },
          { header: 'Time', share: 0.16 },
          { header: 'Duration', share: 0.13 },
          { header: 'Technician', share: 0.2 },
          { header: 'Work done', share: 0.35 },
        ],
        timeLogs.map((log) => [formatShortDate(log.date), `${log.startTime}–${log.endTime}`, formatDuration(log.durationMinutes), log.technician.fullName, log.description]),
      );
    }
    this.paragraph(`Total time logged: ${formatDuration(totalMinutes)}`, 'bold');
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
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    // The document starts in the embedded DejaVu Sans: pdfkit would otherwise load and parse Helvetica's metrics
    // for every document, never to use them. (pdfkit takes a parsed fontkit font, which its types do not list.)
    font: options.fonts.regular as unknown as string,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `${SHOP_NAME} service report: ${job.vehicle.plate}, ${job.serviceType.name}, ${job.date}`,
      Author: SHOP_NAME,
      Subject: `Service report for job ${job.id}`,
      CreationDate: new Date(options.generatedAt),
    },
  });
  // pdfkit accepts a parsed fontkit font (it checks for `layout`), which its types do not list.
  doc.registerFont('Regular', options.fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('Bold', options.fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
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

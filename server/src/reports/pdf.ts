import { quantityText } from '../domain/quantity';
import { printable } from '../domain/text';
import type { ReportFonts } from './fonts';
import { describeChange, formatDateSlot, formatDuration, formatPrice, formatShopInstant, formatShortDate, type SlotLabels, STAGE_LABELS, STATUS_LABELS } from './format';
import { COLORS, createPdf, type Doc, DocumentLayout, MARGIN, SHOP_NAME, SIZES } from './layout';
import { REPORT_LIMITS } from './limits';
import type { ServiceReport } from './queries';

export { SHOP_NAME } from './layout';

export interface RenderOptions {
  /** The shop's IANA time zone: every instant is printed in it. */
  timeZone: string;
  slots: SlotLabels;
  fonts: ReportFonts;
  /** When the report was generated (ms since the epoch), printed in the footer. */
  generatedAt: number;
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
 * The blocks (masthead, headings, pairs, tables, footers) are layout.ts's, shared with the invoice (invoicePdf.ts).
 */
class ReportLayout extends DocumentLayout {
  constructor(
    doc: Doc,
    private readonly report: ServiceReport,
    private readonly options: RenderOptions,
  ) {
    super(doc, options.fonts, options.timeZone, options.generatedAt);
  }

  private header(): void {
    const { center, job } = this.report;
    this.masthead('Service report', `Job ${job.id}`);
    this.write(center.name, MARGIN, this.doc.y, this.width, { weight: 'bold', size: SIZES.body });
    this.write(center.address, MARGIN, this.doc.y, this.width, { weight: 'regular', size: SIZES.body, color: COLORS.muted });
    this.write(`Phone: ${center.phone}`, MARGIN, this.doc.y, this.width, { weight: 'regular', size: SIZES.body, color: COLORS.muted });
    this.doc.y += 8;
    this.rule(this.doc.y);
    this.doc.y += 12;
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

  render(): void {
    this.header();
    this.body();
    this.footers();
  }
}

/** The service report of one job as a PDF file. */
export function renderServiceReport(report: ServiceReport, options: RenderOptions): Promise<Buffer> {
  const { job } = report;
  return createPdf(
    options.fonts,
    {
      title: `${SHOP_NAME} service report: ${job.vehicle.plate}, ${job.serviceType.name}, ${job.date}`,
      subject: `Service report for job ${job.id}`,
      createdAt: options.generatedAt,
    },
    (doc) => new ReportLayout(doc, report, options).render(),
  );
}

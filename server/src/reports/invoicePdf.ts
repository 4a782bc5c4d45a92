import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Invoice } from '../contract/billing';
import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '../contract/billingTerms';
import { moneyText } from '../domain/money';
import type { ReportFonts } from './fonts';
import { formatShopInstant, formatShortDate } from './format';
import { COLORS, createPdf, type Doc, DocumentLayout, MARGIN, SHOP_NAME, SIZES } from './layout';

export interface InvoiceRenderOptions {
  /** The shop's IANA time zone: the issue day and every instant are printed in it. */
  timeZone: string;
  fonts: ReportFonts;
  /** When the file was generated (ms since the epoch), printed in the footer. */
  generatedAt: number;
}

const decimalFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Hundredths as a quantity: 150 → "1.5", 100 → "1". */
function quantity(hundredths: number): string {
  return decimalFormat.format(hundredths / 100);
}

/** Basis points as a rate: 1800 → "18%", 1250 → "12.5%". */
function rate(basisPoints: number): string {
  return `${decimalFormat.format(basisPoints / 100)}%`;
}

/**
 * An invoice on A4 pages: the shop, "Invoice" and its number; VOID and the reason when it was voided; the customer,
 * vehicle, service, issue and due days, status; the frozen lines (description, quantity, unit price, amount); the
 * subtotal, tax at its rate, total, paid and balance; the payments recorded on it; the footer of every page. The
 * blocks are layout.ts's, as in the service report.
 */
class InvoiceLayout extends DocumentLayout {
  constructor(
    doc: Doc,
    private readonly invoice: Invoice,
    options: InvoiceRenderOptions,
  ) {
    super(doc, options.fonts, options.timeZone, options.generatedAt);
  }

  /** The shop's calendar day of an instant: "Jun 3, 2030". */
  private day(iso: string): string {
    return format(new TZDate(new Date(iso).getTime(), this.zone), 'MMM d, yyyy');
  }

  private header(): void {
    const { invoice } = this;
    this.masthead('Invoice', invoice.number);
    this.doc.y += 8;
    this.rule(this.doc.y);
    this.doc.y += 12;
    if (invoice.voidedAt !== undefined) {
      this.font('bold', SIZES.title, COLORS.alert).text('VOID', MARGIN, this.doc.y, { width: this.width });
      this.paragraph(`Voided ${formatShopInstant(invoice.voidedAt, this.zone)}. Reason: ${invoice.voidReason ?? '—'}`, { weight: 'bold', color: COLORS.alert });
      if (invoice.replacedBy) this.paragraph(`Replaced by invoice ${invoice.replacedBy.number}.`);
    }
  }

  private body(): void {
    const { invoice } = this;
    this.heading('Details');
    this.pairs([
      ['Invoice number', invoice.number],
      ['Status', INVOICE_STATUS_LABELS[invoice.status]],
      ['Issued', this.day(invoice.issuedAt)],
      ['Due', formatShortDate(invoice.dueOn)],
      ['Customer', invoice.customer.fullName],
      ['E-mail', invoice.customer.email],
      ['Vehicle', invoice.vehicle],
      ['Service', invoice.serviceTypeName],
      ...(invoice.replaces ? [['Replaces', `Invoice ${invoice.replaces.number} (void)`] as [string, string]] : []),
    ]);

    this.heading('Lines');
    this.table(
      [
        { header: 'Description', share: 0.46 },
        { header: 'Quantity', share: 0.14 },
        { header: 'Unit price', share: 0.2 },
        { header: 'Amount', share: 0.2 },
      ],
      invoice.lines.map((line) => [line.description, quantity(line.quantityHundredths), moneyText(line.unitPriceMinor), moneyText(line.amountMinor)]),
    );

    this.heading('Totals');
    this.table(
      [
        { header: 'Summary', share: 0.6 },
        { header: 'Amount', share: 0.4 },
      ],
      [
        ['Subtotal', moneyText(invoice.subtotalMinor)],
        [`Tax (${rate(invoice.taxRateBasisPoints)})`, moneyText(invoice.taxMinor)],
        ['Total', moneyText(invoice.totalMinor)],
        ['Paid', moneyText(invoice.paidMinor)],
        ['Balance', moneyText(invoice.balanceMinor)],
      ],
    );

    this.heading('Payments');
    if (invoice.payments.length === 0) {
      this.paragraph('No payments recorded.', { color: COLORS.muted });
    } else {
      this.table(
        [
          { header: 'Date paid', share: 0.22 },
          { header: 'Method', share: 0.22 },
          { header: 'Reference', share: 0.34 },
          { header: 'Amount', share: 0.22 },
        ],
        invoice.payments.map((payment) => [formatShortDate(payment.paidOn), PAYMENT_METHOD_LABELS[payment.method], payment.reference ?? '—', moneyText(payment.amountMinor)]),
      );
    }
  }

  render(): void {
    this.header();
    this.body();
    this.footers();
  }
}

/** An issued invoice as a PDF file (GET /api/invoices/:id/pdf). */
export function renderInvoice(invoice: Invoice, options: InvoiceRenderOptions): Promise<Buffer> {
  return createPdf(
    options.fonts,
    {
      title: `${SHOP_NAME} invoice ${invoice.number}${invoice.status === 'VOID' ? ' (void)' : ''}`,
      subject: `Invoice ${invoice.number}: ${invoice.vehicle}, ${invoice.serviceTypeName}`,
      createdAt: options.generatedAt,
    },
    (doc) => new InvoiceLayout(doc, invoice, options).render(),
  );
}

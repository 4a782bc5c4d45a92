import { useState } from 'react';
import { AlertTriangle, CircleCheck, CircleDollarSign, Clock, Ban } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import type { Invoice, InvoiceSummary } from '@contract/billing';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus, PAYMENT_METHOD_LABELS } from '@contract/billingTerms';
import { messageOf } from '@/api/errors';
import { Badge, type BadgeTone } from '@/components/Badge';
import { Button } from '@/components/Button';
import { Checkbox } from '@/components/Checkbox';
import { DataState } from '@/components/DataState';
import { Modal } from '@/components/Modal';
import { PageHeader } from '@/components/PageHeader';
import { Select } from '@/components/Select';
import { TextField } from '@/components/TextField';
import { formatMoney, formatShortDate } from '@/features/jobs';
import { type InvoiceFilters, useGetCustomerBalanceQuery, useGetInvoiceQuery, useIssueInvoiceMutation, useListInvoicesInfiniteQuery } from '../invoicesApi';
import { PaymentDialog, VoidDialog } from './InvoiceDialogs';
import { DownloadInvoiceButton } from './DownloadInvoiceButton';
import { BillingTotals } from './BillingTotals';
import styles from './Invoices.module.css';

export const NO_INVOICES = 'No invoices match these filters.';

const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...INVOICE_STATUSES.map((value) => ({ value, label: INVOICE_STATUS_LABELS[value] }))];
const STATUS_TONES: Record<InvoiceStatus, BadgeTone> = { ISSUED: 'info', PARTLY_PAID: 'warning', PAID: 'success', VOID: 'neutral' };
const STATUS_ICONS = { ISSUED: Clock, PARTLY_PAID: CircleDollarSign, PAID: CircleCheck, VOID: Ban } as const;
const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} icon={STATUS_ICONS[status]}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}

function OverdueBadge() {
  return (
    <Badge tone="danger" icon={AlertTriangle}>
      Overdue
    </Badge>
  );
}

/** The filters as the URL holds them (?status=&overdue=1&from=&to=&customer=): unknown values are ignored. */
function filtersOf(params: URLSearchParams): InvoiceFilters {
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const customerId = params.get('customer');
  return {
    ...(status && (INVOICE_STATUSES as readonly string[]).includes(status) && { status: status as InvoiceStatus }),
    ...(params.get('overdue') === '1' && { overdue: true }),
    ...(from && DATE_KEY.test(from) && { from }),
    ...(to && DATE_KEY.test(to) && { to }),
    ...(customerId && { customerId }),
  };
}

/** "Outstanding: LKR …, of which overdue LKR …" for the customer the list is filtered by. */
function CustomerOutstanding({ customerId, name, onClear }: { customerId: string; name: string | undefined; onClear: () => void }) {
  const { data, error, isLoading } = useGetCustomerBalanceQuery(customerId);
  return (
    <div className={styles.customer}>
      <p>
        <strong>Customer: {name ?? 'selected customer'}</strong>
        {' · '}
        {isLoading ? 'Loading the balance…' : data ? `Outstanding: ${formatMoney(data.outstandingMinor)}, of which overdue ${formatMoney(data.overdueMinor)}` : messageOf(error)}
      </p>
      <Button variant="ghost" size="sm" onClick={onClear}>
        Show all customers
      </Button>
    </div>
  );
}

/** The invoice with its lines, totals and payments; Record payment, Void invoice, Download Invoice. */
function InvoiceDetail({ id, onClose, onOpen }: { id: string; onClose: () => void; onOpen: (id: string) => void }) {
  const { data: invoice, error, isLoading, refetch } = useGetInvoiceQuery(id);
  const [dialog, setDialog] = useState<'payment' | 'void' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [issue, issueState] = useIssueInvoiceMutation();

  const done = (summary: string) => {
    setAnnouncement(summary);
    setDialog(null);
  };

  const issueNew = async (current: Invoice) => {
    const issued = await issue({ jobId: current.appointmentId }).unwrap();
    onOpen(issued.id);
  };

  // One dialog at a time (two focus traps would fight): the form takes the detail's place, and gives it back.
  if (invoice && dialog === 'payment') return <PaymentDialog invoice={invoice} onClose={() => setDialog(null)} onDone={done} />;
  if (invoice && dialog === 'void') return <VoidDialog invoice={invoice} onClose={() => setDialog(null)} onDone={done} />;
  return (
    <Modal open size="lg" onClose={onClose} title={invoice ? `Invoice ${invoice.number}` : 'Invoice'} description={invoice ? `${invoice.customer.fullName} · ${invoice.vehicle}` : undefined}>
      <DataState isLoading={isLoading} error={error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading the invoice">
        {invoice && (
          <div className={styles.detail}>
            <p className={styles.meta}>
              <InvoiceStatusBadge status={invoice.status} /> {invoice.overdue && <OverdueBadge />} Issued {formatShortDate(invoice.issuedAt.slice(0, 10))} · Due {formatShortDate(invoice.dueOn)}
            </p>
            {invoice.voidReason && <p>Void: {invoice.voidReason}</p>}
            <table className={styles.lines}>
              <caption className="visually-hidden">Lines</caption>
              <thead>
                <tr>
                  <th scope="col">Description</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Unit price</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((line, index) => (
                  <tr key={index}>
                    <td>{line.description}</td>
                    <td>{line.quantityHundredths / 100}</td>
                    <td>{formatMoney(line.unitPriceMinor)}</td>
                    <td>{formatMoney(line.amountMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <BillingTotals
              subtotalMinor={invoice.subtotalMinor}
              taxMinor={invoice.taxMinor}
              totalMinor={invoice.totalMinor}
              taxRateBasisPoints={invoice.taxRateBasisPoints}
              paidMinor={invoice.paidMinor}
              balanceMinor={invoice.balanceMinor}
            />
            <h3 className={styles.subheading}>Payments</h3>
            {invoice.payments.length === 0 ? (
              <p>No payments yet.</p>
            ) : (
              <table className={styles.lines}>
                <caption className="visually-hidden">Payments</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Method</th>
                    <th scope="col">Reference</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {invoice.payments.map((payment) => (
                    <tr key={payment.id}>
                      <td>{formatShortDate(payment.paidOn)}</td>
                      <td>{PAYMENT_METHOD_LABELS[payment.method]}</td>
                      <td>{payment.reference ?? '—'}</td>
                      <td>{formatMoney(payment.amountMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <p className="visually-hidden" role="status">
              {announcement}
            </p>
            {issueState.isError && <p role="alert">{messageOf(issueState.error)}</p>}
            <div className={styles.actions}>
              {invoice.status !== 'VOID' && invoice.balanceMinor > 0 && <Button onClick={() => setDialog('payment')}>Record payment</Button>}
              {invoice.status !== 'VOID' && (
                <Button variant="secondary" onClick={() => setDialog('void')}>
                  Void invoice
                </Button>
              )}
              {invoice.status === 'VOID' && !invoice.replacedBy && (
                <Button loading={issueState.isLoading} onClick={() => void issueNew(invoice).catch(() => undefined)}>
                  Issue new invoice
                </Button>
              )}
              {invoice.replacedBy && (
                <Button variant="ghost" onClick={() => onOpen(invoice.replacedBy!.id)}>
                  Open {invoice.replacedBy.number}
                </Button>
              )}
              <DownloadInvoiceButton invoice={invoice} />
            </div>
          </div>
        )}
      </DataState>
    </Modal>
  );
}

function InvoiceRow({ invoice, onOpen, onCustomer }: { invoice: InvoiceSummary; onOpen: () => void; onCustomer: () => void }) {
  return (
    <tr className={invoice.overdue ? styles.overdue : undefined}>
      <th scope="row" data-label="Number">
        <Button variant="ghost" size="sm" onClick={onOpen}>
          {invoice.number}
        </Button>
      </th>
      <td data-label="Customer">
        {invoice.customer.fullName}{' '}
        <Button variant="ghost" size="sm" onClick={onCustomer} aria-label={`Show this customer's invoices: ${invoice.customer.fullName}`}>
          Show this customer's invoices
        </Button>
      </td>
      <td data-label="Vehicle">{invoice.vehicle}</td>
      <td data-label="Issued">{formatShortDate(invoice.issuedAt.slice(0, 10))}</td>
      <td data-label="Due">{formatShortDate(invoice.dueOn)}</td>
      <td data-label="Total">{formatMoney(invoice.totalMinor)}</td>
      <td data-label="Paid">{formatMoney(invoice.paidMinor)}</td>
      <td data-label="Balance">{formatMoney(invoice.balanceMinor)}</td>
      <td data-label="Status">
        <InvoiceStatusBadge status={invoice.status} /> {invoice.overdue && <OverdueBadge />}
      </td>
    </tr>
  );
}

/**
 * /admin/invoices: every invoice, newest first, filtered by status, overdue, issue days and customer (all in the
 * URL, as is the open invoice `?invoice=<id>`), with Load more.
 */
export function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const openId = params.get('invoice');
  const { data, error, isLoading, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = useListInvoicesInfiniteQuery(filters);
  const invoices = data?.pages.flatMap((page) => page.items) ?? [];
  const customerName = params.get('customerName') ?? invoices.find((invoice) => invoice.customer.id === filters.customerId)?.customer.fullName;

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return (
    <div className={styles.page}>
      <PageHeader title="Invoices">Every invoice, newest first: record payments, void and reissue, download the PDF. Overdue invoices are marked.</PageHeader>
      <div className={styles.toolbar} role="group" aria-label="Filters">
        <Select label="Status" options={STATUS_OPTIONS} value={filters.status ?? ''} onChange={(event) => update({ status: event.target.value })} />
        <TextField label="From" type="date" value={filters.from ?? ''} onChange={(event) => update({ from: event.target.value })} />
        <TextField label="To" type="date" value={filters.to ?? ''} onChange={(event) => update({ to: event.target.value })} />
        <Checkbox label="Overdue only" checked={filters.overdue === true} onChange={(event) => update({ overdue: event.target.checked ? '1' : null })} />
      </div>
      {filters.customerId && (
        <CustomerOutstanding customerId={filters.customerId} name={customerName} onClear={() => update({ customer: null, customerName: null })} />
      )}
      <DataState isLoading={isLoading} error={error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading invoices">
        {invoices.length === 0 ? (
          <p className={styles.empty}>{NO_INVOICES}</p>
        ) : (
          <table className={styles.table}>
            <caption className="visually-hidden">Invoices</caption>
            <thead>
              <tr>
                {['Number', 'Customer', 'Vehicle', 'Issued', 'Due', 'Total', 'Paid', 'Balance', 'Status'].map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <InvoiceRow
                  key={invoice.id}
                  invoice={invoice}
                  onOpen={() => update({ invoice: invoice.id })}
                  onCustomer={() => update({ customer: invoice.customer.id, customerName: invoice.customer.fullName })}
                />
              ))}
            </tbody>
          </table>
        )}
        {hasNextPage && (
          <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        )}
      </DataState>
      {openId && <InvoiceDetail id={openId} onClose={() => update({ invoice: null })} onOpen={(id) => update({ invoice: id })} />}
    </div>
  );
}

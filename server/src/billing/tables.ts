import type { ColumnType } from 'kysely';
import type {
  Decision,
  DecisionChannel,
  EstimateItemKind,
  EstimateItemStatus,
  InvoiceStatus,
  LineKind,
  LineSource,
  ManualLineKind,
  PaymentMethod,
} from '../contract/billingTerms';

type Timestamp = ColumnType<Date, string, string>;
type NullableTimestamp = ColumnType<Date | null, string | null | undefined, string | null>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** `YYYY-MM-DD` (date columns are read as text: db/connect.ts). */
type CalendarDate = string;

/** Migration 0020. */
export interface EstimateItemsTable {
  id: string;
  appointment_id: string;
  version: ColumnType<number, number | undefined, number>;
  kind: EstimateItemKind;
  description: string;
  note: Nullable<string>;
  part_id: Nullable<string>;
  quantity_hundredths: number;
  unit_price_minor: number;
  status: ColumnType<EstimateItemStatus, EstimateItemStatus | undefined, EstimateItemStatus>;
  proposed_by: string;
  proposed_at: Timestamp;
  updated_at: Timestamp;
}

/** Append-only (billing/sql/30_decisions.sql). */
export interface EstimateDecisionsTable {
  item_id: string;
  version: number;
  decision: Decision;
  channel: DecisionChannel;
  decided_at: Timestamp;
  decided_by: Nullable<string>;
  description: string;
  quantity_hundredths: number;
  unit_price_minor: number;
  amount_minor: number;
}

/** An admin's fee (amount > 0) or discount (amount < 0). */
export interface JobLinesTable {
  id: string;
  appointment_id: string;
  kind: ManualLineKind;
  description: string;
  amount_minor: number;
  created_by: string;
  created_at: Timestamp;
}

export interface InvoiceCountersTable {
  year: number;
  last_number: number;
}

export interface InvoicesTable {
  id: string;
  number: string;
  year: number;
  sequence: number;
  appointment_id: string;
  customer_id: string;
  /** "Toyota Corolla (CAB-1234)" and the service's name when it was issued. */
  vehicle: string;
  service_type_name: string;
  version: ColumnType<number, number | undefined, number>;
  issued_at: Timestamp;
  issued_on: CalendarDate;
  due_on: CalendarDate;
  issued_by: Nullable<string>;
  subtotal_minor: number;
  tax_rate_basis_points: number;
  tax_minor: number;
  total_minor: number;
  /** The sum of its payments, kept by trigger (billing/sql/30_payments.sql). */
  paid_minor: ColumnType<number, never, never>;
  voided_at: NullableTimestamp;
  voided_by: Nullable<string>;
  void_reason: Nullable<string>;
  replaces_id: Nullable<string>;
  /** Generated: VOID, PAID, PARTLY_PAID or ISSUED. */
  status: ColumnType<InvoiceStatus, never, never>;
}

export interface InvoiceLinesTable {
  invoice_id: string;
  position: number;
  kind: LineKind;
  source: LineSource;
  description: string;
  quantity_hundredths: number;
  unit_price_minor: number;
  amount_minor: number;
}

export interface PaymentsTable {
  id: string;
  appointment_id: string;
  /** NULL: a deposit on the job, or a payment of a voided invoice, until the job's next invoice. */
  invoice_id: Nullable<string>;
  method: PaymentMethod;
  amount_minor: number;
  reference: Nullable<string>;
  paid_on: CalendarDate;
  recorded_at: Timestamp;
  recorded_by: Nullable<string>;
  /** A payment provider's name and its id of the payment (none yet). */
  provider: Nullable<string>;
  provider_reference: Nullable<string>;
}

declare module '../db/schema' {
  interface Database {
    estimate_items: EstimateItemsTable;
    estimate_decisions: EstimateDecisionsTable;
    job_lines: JobLinesTable;
    invoice_counters: InvoiceCountersTable;
    invoices: InvoicesTable;
    invoice_lines: InvoiceLinesTable;
    payments: PaymentsTable;
  }
}

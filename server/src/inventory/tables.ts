import type { ColumnType } from 'kysely';
import type { PartUnit, PurchaseOrderStatus, StockMovementKind } from '../contract/inventoryTerms';

type Timestamp = ColumnType<Date, string, string>;

/** Migration 0016. */
export interface PartsTable {
  id: string;
  sku: string;
  name: string;
  category: string;
  unit: PartUnit;
  unit_cost_minor: number;
  sell_price_minor: number;
  archived_at: ColumnType<Date | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: ColumnType<number, number | undefined, number>;
}

export interface PartStockTable {
  part_id: string;
  center_id: string;
  /** Moved only by stock_movements' trigger (inventory/sql/30_ledger.sql). */
  on_hand: ColumnType<number, never, never>;
  reserved: ColumnType<number, number | undefined, number>;
  reorder_level: ColumnType<number, number | undefined, number>;
  reorder_quantity: ColumnType<number, number | undefined, number>;
}

export interface StockMovementsTable {
  /** bigint identity, read as text. */
  id: ColumnType<string, never, never>;
  part_id: string;
  center_id: string;
  kind: StockMovementKind;
  quantity: number;
  reason: string | null;
  appointment_id: string | null;
  reverses_id: string | null;
  transfer_id: string | null;
  /** Migration 0017: the order a receipt came in on. */
  purchase_order_id: ColumnType<string | null, string | null | undefined, never>;
  actor_id: string;
  occurred_at: Timestamp;
}

export interface JobPartsTable {
  appointment_id: string;
  part_id: string;
  quantity: number;
  updated_at: Timestamp;
}

export interface ServiceKitsTable {
  service_type: string;
  part_id: string;
  quantity: number;
}

/** Kept by trigger into part_stock.reserved (inventory/sql/30_reservations.sql). */
export interface JobReservationsTable {
  appointment_id: string;
  part_id: string;
  center_id: string;
  quantity: number;
}

/** Migration 0017. */
export interface SuppliersTable {
  id: string;
  name: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  created_at: Timestamp;
}

export interface PurchaseOrdersTable {
  id: string;
  /** bigint identity. */
  number: ColumnType<string, never, never>;
  supplier_id: string;
  center_id: string;
  status: PurchaseOrderStatus;
  created_by: string;
  created_at: Timestamp;
  ordered_at: ColumnType<Date | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
  version: ColumnType<number, number | undefined, number>;
}

export interface PurchaseOrderLinesTable {
  order_id: string;
  part_id: string;
  quantity: number;
  unit_cost_minor: number;
  received: ColumnType<number, number | undefined, number>;
}

declare module '../db/schema' {
  interface Database {
    parts: PartsTable;
    part_stock: PartStockTable;
    stock_movements: StockMovementsTable;
    job_parts: JobPartsTable;
    service_kits: ServiceKitsTable;
    job_reservations: JobReservationsTable;
    suppliers: SuppliersTable;
    purchase_orders: PurchaseOrdersTable;
    purchase_order_lines: PurchaseOrderLinesTable;
  }
}

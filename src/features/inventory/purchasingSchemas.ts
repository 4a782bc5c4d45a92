import * as yup from 'yup';
import { INVENTORY_MESSAGES, type PurchaseOrderStatus } from '@contract/inventoryTerms';
import { FIELD_MESSAGES as M, level, money, quantity, text } from './schemas';

/**
 * The purchasing forms' rules (suppliers, purchase orders, receipts, kits), worded as the server's messages
 * (server/src/contract/purchasing.ts and inventory.ts `errorMessages`).
 */

/** How each status of a purchase order reads. */
export const ORDER_STATUS_LABEL: Record<PurchaseOrderStatus, string> = {
  DRAFT: 'Draft',
  ORDERED: 'Ordered',
  PARTLY_RECEIVED: 'Partly received',
  RECEIVED: 'Received',
  CANCELLED: 'Cancelled',
};

/** "PO-12": how an order is named. */
export const orderName = (number: number) => `PO-${number}`;

/** The supplier fields' maximum lengths (the contract's SupplierBody). */
export const SUPPLIER_LIMITS = { name: 120, contactName: 120, email: 254, phone: 40 } as const;

const optional = (label: string, max: number) => yup.string().trim().max(max, M.tooLong(label, max)).default('');

export const supplierSchema = yup.object({
  name: text('Name', SUPPLIER_LIMITS.name),
  contactName: optional('Contact name', SUPPLIER_LIMITS.contactName),
  phone: optional('Phone', SUPPLIER_LIMITS.phone),
  email: optional('Email', SUPPLIER_LIMITS.email),
});
export type SupplierValues = yup.InferType<typeof supplierSchema>;

/**
 * An order's or a kit's lines as a form keeps them: a part is on one once, so each line is keyed by its part
 * (`lines.<lineKey(partId)>.quantity`) rather than by its place, and the form's list of parts gives the order.
 */
export const lineKey = (partId: string) => `part-${partId}`;

/** The lines object (undefined once the last line is removed): every line checked by `line`, and `atLeastOne` if given. */
function keyedLines<T extends yup.AnyObject>(line: yup.ObjectSchema<T>, atLeastOne?: string) {
  return yup.lazy((lines?: Record<string, unknown>) => {
    const schema = yup.object(Object.fromEntries(Object.keys(lines ?? {}).map((key) => [key, line])));
    // The shape's keys are only known here: the lines' type is the line's, keyed by string.
    return (atLeastOne ? schema.test('some', atLeastOne, (value) => Object.keys(value ?? {}).length > 0) : schema) as yup.ISchema<Record<string, T> | undefined>;
  });
}

/** A line of an order: how many, at what unit cost. */
const orderLine = yup.object({ quantity: quantity, unitCost: money('Unit cost') });

export const orderSchema = yup.object({
  supplierId: yup.string().required(M.required('Supplier')),
  centerId: yup.string().required(M.required('Service centre')),
  lines: keyedLines(orderLine, INVENTORY_MESSAGES.orderEmpty),
});
export type OrderValues = yup.InferType<typeof orderSchema>;

export const kitSchema = yup.object({ lines: keyedLines(yup.object({ quantity: quantity })) });
export type KitValues = yup.InferType<typeof kitSchema>;

/** A receipt: per line what arrived now (0 for nothing), at least one line above 0. */
export const receiptSchema = yup.object({
  lines: yup
    .array(yup.object({ partId: yup.string().required(), label: yup.string().required(), remaining: yup.number().required(), quantity: level('Quantity') }))
    .required()
    .test('some', 'Receive at least one part', (lines) => lines.some((line) => Number(line.quantity) > 0)),
});
export type ReceiptValues = yup.InferType<typeof receiptSchema>;

export const draftSchema = yup.object({ supplierId: yup.string().required(M.required('Supplier')) });
export type DraftValues = yup.InferType<typeof draftSchema>;

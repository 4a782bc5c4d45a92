import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, Ban, CircleCheck, FilePen, type LucideIcon, PackageOpen, Plus, Truck } from 'lucide-react';
import type { PurchaseOrder } from '@contract/purchasing';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '@contract/inventoryTerms';
import { messageOf } from '@/api/errors';
import { useRowAction } from '@/api/useRowAction';
import { Alert } from '@/components/Alert';
import { Badge, type BadgeTone } from '@/components/Badge';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { Select, type SelectOption } from '@/components/Select';
import { confirmAction } from '@/lib/dialogs';
import { useLoadMore } from '@/lib/useLoadMore';
import { formatMoney } from '@/features/jobs';
import { useCancelOrderMutation, useGetOrderPagesInfiniteQuery, useGetOrderQuery, usePlaceOrderMutation } from '../purchasingApi';
import { ORDER_STATUS_LABEL, orderName } from '../purchasingSchemas';
import { OrderFormDialog } from './OrderFormDialog';
import { ReceiveOrderDialog } from './ReceiveOrderDialog';
import styles from './Inventory.module.css';
import own from './Purchasing.module.css';

const STATUS_BADGE: Record<PurchaseOrderStatus, [BadgeTone, LucideIcon]> = {
  DRAFT: ['neutral', FilePen],
  ORDERED: ['info', Truck],
  PARTLY_RECEIVED: ['warning', PackageOpen],
  RECEIVED: ['success', CircleCheck],
  CANCELLED: ['neutral', Ban],
};
const STATUS_OPTIONS = PURCHASE_ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABEL[status] }));

export interface PurchaseOrdersProps {
  centres: readonly SelectOption[];
  /** The centre the page shows: a new order starts on it. */
  centerId: string;
  /** The order whose detail shows (the URL's `?order=`), or null for the list. */
  orderId: string | null;
  /** Opens an order's detail (null: back to the list). */
  onOpen: (id: string | null) => void;
}

function StatusBadge({ status }: { status: PurchaseOrderStatus }) {
  const [tone, icon] = STATUS_BADGE[status];
  return (
    <Badge tone={tone} icon={icon}>
      {ORDER_STATUS_LABEL[status]}
    </Badge>
  );
}

const centreName = (centres: readonly SelectOption[], id: string) => centres.find((centre) => centre.value === id)?.label ?? 'Unknown centre';

/** Purchase orders: the list (by status, newest first, a page at a time) or one order's detail. */
export function PurchaseOrders(props: PurchaseOrdersProps) {
  return props.orderId ? <OrderDetail {...props} orderId={props.orderId} /> : <OrderList {...props} />;
}

function OrderList({ centres, centerId, onOpen }: PurchaseOrdersProps) {
  const [status, setStatus] = useState<PurchaseOrderStatus | ''>('');
  const [creating, setCreating] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { currentData, isFetching, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetOrderPagesInfiniteQuery(status ? { status } : {});
  const orders = currentData?.pages.flatMap((page) => page.items) ?? [];
  const fetchMore = useLoadMore(bodyRef, 'th[scope="row"] button', orders.length, fetchNextPage);

  async function loadMore() {
    setMoreError(null);
    const failure = await fetchMore();
    if (failure !== undefined) setMoreError(messageOf(failure));
  }

  return (
    <div className={own.section}>
      <div className={styles.toolbar}>
        <Select label="Status" placeholder="All statuses" options={STATUS_OPTIONS} value={status} onChange={(event) => setStatus(event.target.value as PurchaseOrderStatus | '')} containerClassName={styles.centre} />
        <Button className={styles.add} startIcon={<Plus />} onClick={() => setCreating(true)}>
          New order
        </Button>
      </div>
      <DataState isLoading={isFetching && !currentData} error={!currentData && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading purchase orders">
        {orders.length === 0 ? (
          <p className={styles.empty}>{status ? `No ${ORDER_STATUS_LABEL[status].toLowerCase()} orders` : 'No purchase orders yet'}</p>
        ) : (
          <div className={styles.scroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">Purchase orders{status ? `, ${ORDER_STATUS_LABEL[status].toLowerCase()}` : ''}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Supplier</th>
                  <th scope="col">Centre</th>
                  <th scope="col">Status</th>
                  <th scope="col" className={styles.number}>
                    Lines
                  </th>
                  <th scope="col" className={styles.number}>
                    Total
                  </th>
                </tr>
              </thead>
              <tbody ref={bodyRef}>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <th scope="row" className={styles.sku}>
                      <Button variant="ghost" size="sm" onClick={() => onOpen(order.id)}>
                        {orderName(order.number)}
                      </Button>
                    </th>
                    <td data-label="Supplier">{order.supplier.name}</td>
                    <td data-label="Centre">{centreName(centres, order.centerId)}</td>
                    <td data-label="Status">
                      <StatusBadge status={order.status} />
                    </td>
                    <td data-label="Lines" className={styles.number}>
                      {order.lines.length}
                    </td>
                    <td data-label="Total" className={styles.number}>
                      {formatMoney(order.totalMinor)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {moreError && <Alert variant="error">{moreError}</Alert>}
        {hasNextPage && (
          <Button variant="secondary" className={styles.more} loading={isFetchingNextPage} onClick={() => void loadMore()}>
            Load more
          </Button>
        )}
      </DataState>
      {creating && (
        <OrderFormDialog
          centres={centres}
          centerId={centerId}
          onClose={() => setCreating(false)}
          onSaved={(order) => {
            setCreating(false);
            onOpen(order.id);
          }}
        />
      )}
    </div>
  );
}

type Dialog = 'edit' | 'receive' | null;

function OrderDetail({ centres, centerId, orderId, onOpen }: PurchaseOrdersProps & { orderId: string }) {
  const { currentData: order, isFetching, error, refetch } = useGetOrderQuery(orderId);
  const [placeOrder] = usePlaceOrderMutation();
  const [cancelOrder] = useCancelOrderMutation();
  const { pending, error: actionError, announcement, announce, run } = useRowAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(order);

  // The button that opened the order (a row of the list, a dialog's submit) is gone: the order's heading takes the focus.
  useEffect(() => {
    if (loaded && (document.activeElement === document.body || document.activeElement === null)) headingRef.current?.focus();
  }, [loaded, orderId]);

  const act = (what: 'order' | 'cancel', current: PurchaseOrder) => {
    const name = orderName(current.number);
    if (what === 'cancel' && !confirmAction(`Cancel ${name}? This cannot be undone.`)) return;
    void run(what, async () => {
      // A refusal (someone changed it meanwhile) invalidates the order too: the message stays, and the order shows
      // as it is now.
      await (what === 'order' ? placeOrder : cancelOrder)({ id: current.id, expectedVersion: current.version }).unwrap();
      return what === 'order' ? `Placed ${name}.` : `Cancelled ${name}.`;
    });
  };

  const done = (summary: string) => {
    setDialog(null);
    announce(summary);
  };

  return (
    <div className={own.section}>
      <Button variant="ghost" size="sm" className={own.back} startIcon={<ArrowLeft />} onClick={() => onOpen(null)}>
        All purchase orders
      </Button>
      <div role="status" aria-live="polite" className={announcement ? styles.announcement : undefined}>
        {announcement}
      </div>
      <DataState isLoading={isFetching && !order} error={!order && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading the purchase order">
        {order && (
          <>
            <div className={own.orderHead}>
              <h2 ref={headingRef} tabIndex={-1} className={styles.reverseTitle}>
                {orderName(order.number)}
              </h2>
              <StatusBadge status={order.status} />
            </div>
            <dl className={own.facts}>
              <div>
                <dt>Supplier</dt>
                <dd>{order.supplier.name}</dd>
              </div>
              <div>
                <dt>Centre</dt>
                <dd>{centreName(centres, order.centerId)}</dd>
              </div>
              <div>
                <dt>Total</dt>
                <dd>{formatMoney(order.totalMinor)}</dd>
              </div>
            </dl>
            {actionError && <Alert variant="error">{actionError}</Alert>}
            <div className={styles.buttons}>
              {order.status === 'DRAFT' && (
                <>
                  <Button variant="secondary" onClick={() => setDialog('edit')}>
                    Edit
                  </Button>
                  <Button loading={pending === 'order'} disabled={order.lines.length === 0} onClick={() => act('order', order)}>
                    Place order
                  </Button>
                </>
              )}
              {(order.status === 'ORDERED' || order.status === 'PARTLY_RECEIVED') && <Button onClick={() => setDialog('receive')}>Receive</Button>}
              {(order.status === 'DRAFT' || order.status === 'ORDERED') && (
                <Button variant="danger" loading={pending === 'cancel'} onClick={() => act('cancel', order)}>
                  Cancel order
                </Button>
              )}
            </div>
            <div className={styles.scroll}>
              <table className={styles.table}>
                <caption className="visually-hidden">Lines of {orderName(order.number)}</caption>
                <thead>
                  <tr>
                    <th scope="col">SKU</th>
                    <th scope="col">Name</th>
                    <th scope="col" className={styles.number}>
                      Ordered
                    </th>
                    <th scope="col" className={styles.number}>
                      Received
                    </th>
                    <th scope="col" className={styles.number}>
                      Remaining
                    </th>
                    <th scope="col" className={styles.number}>
                      Unit cost
                    </th>
                    <th scope="col" className={styles.number}>
                      Line total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line) => (
                    <tr key={line.partId}>
                      <th scope="row" className={styles.sku}>
                        {line.sku}
                      </th>
                      <td data-label="Name">{line.name}</td>
                      <td data-label="Ordered" className={styles.number}>
                        {line.quantity} {line.unit}
                      </td>
                      <td data-label="Received" className={styles.number}>
                        {line.received}
                      </td>
                      <td data-label="Remaining" className={styles.number}>
                        {order.status === 'CANCELLED' ? 0 : line.quantity - line.received}
                      </td>
                      <td data-label="Unit cost" className={styles.number}>
                        {formatMoney(line.unitCostMinor)}
                      </td>
                      <td data-label="Line total" className={styles.number}>
                        {formatMoney(line.quantity * line.unitCostMinor)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {dialog === 'edit' && (
              <OrderFormDialog order={order} centres={centres} centerId={centerId} onClose={() => setDialog(null)} onSaved={(saved) => done(`Saved ${orderName(saved.number)}.`)} />
            )}
            {dialog === 'receive' && <ReceiveOrderDialog order={order} onClose={() => setDialog(null)} onDone={done} />}
          </>
        )}
      </DataState>
    </div>
  );
}

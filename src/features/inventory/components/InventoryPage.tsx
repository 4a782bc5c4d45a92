import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Plus } from 'lucide-react';
import type { Part, PartWithStock } from '@contract/inventory';
import type { PurchaseOrder } from '@contract/purchasing';
import { messageOf } from '@/api/errors';
import { useRowAction } from '@/api/useRowAction';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Checkbox } from '@/components/Checkbox';
import { DataState } from '@/components/DataState';
import { Modal } from '@/components/Modal';
import { PageHeader } from '@/components/PageHeader';
import { Select, type SelectOption } from '@/components/Select';
import { Spinner } from '@/components/Spinner';
import { Tabs } from '@/components/Tabs';
import { TextField } from '@/components/TextField';
import { useGetCatalogQuery } from '@/features/jobs';
import { useLoadMore } from '@/lib/useLoadMore';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useGetPartPagesInfiniteQuery, useUpdatePartMutation } from '../inventoryApi';
import {
  centreChosen,
  lowStockToggled,
  partFiltersOf,
  partSearchChanged,
  selectInventoryFilters,
  showArchivedToggled,
  shownCentreId,
} from '../inventorySlice';
import { PartsCsv } from './PartsCsv';
import { type PartAction, PartsTable } from './PartsTable';
import type { StockDialogProps } from './StockDialogs';
import styles from './Inventory.module.css';
import own from './Purchasing.module.css';

// All but the parts list loads when first shown, in one chunk (the route's budget): the other sections, the Low stock
// filter's reorder suggestions, and the dialogs with their forms (react-hook-form, yup).
const PurchaseOrders = lazy(() => import(/* webpackChunkName: "inventory-more" */ './PurchaseOrders').then((m) => ({ default: m.PurchaseOrders })));
const Suppliers = lazy(() => import(/* webpackChunkName: "inventory-more" */ './Suppliers').then((m) => ({ default: m.Suppliers })));
const Kits = lazy(() => import(/* webpackChunkName: "inventory-more" */ './Kits').then((m) => ({ default: m.Kits })));
const ReorderSuggestions = lazy(() => import(/* webpackChunkName: "inventory-more" */ './ReorderSuggestions').then((m) => ({ default: m.ReorderSuggestions })));
const PartFormDialog = lazy(() => import(/* webpackChunkName: "inventory-more" */ './PartFormDialog').then((m) => ({ default: m.PartFormDialog })));
const HistoryDialog = lazy(() => import(/* webpackChunkName: "inventory-more" */ './HistoryDialog').then((m) => ({ default: m.HistoryDialog })));
const ReceiveDialog = lazy(() => import(/* webpackChunkName: "inventory-more" */ './StockDialogs').then((m) => ({ default: m.ReceiveDialog })));
const AdjustDialog = lazy(() => import(/* webpackChunkName: "inventory-more" */ './StockDialogs').then((m) => ({ default: m.AdjustDialog })));
const TransferDialog = lazy(() => import(/* webpackChunkName: "inventory-more" */ './StockDialogs').then((m) => ({ default: m.TransferDialog })));
const StockLevelsDialog = lazy(() => import(/* webpackChunkName: "inventory-more" */ './StockLevelsDialog').then((m) => ({ default: m.StockLevelsDialog })));

/** A lazy section with the spinner that stands for it while its code loads. */
function Loading({ label, children }: { label: string; children: ReactNode }) {
  return <Suspense fallback={<Spinner label={label} showLabel />}>{children}</Suspense>;
}

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DELAY_MS = 300;

type OpenDialog = { kind: 'new' } | { kind: Exclude<PartAction, 'archive' | 'restore'>; part: PartWithStock };

export interface InventoryPageProps {
  /** The job a stock movement was for, as the page shows it (the history's Job column). */
  renderJob?: (appointmentId: string) => ReactNode;
}

/** Focuses an element once React has rendered what changed (a row that left the list). */
function focusSoon(find: () => HTMLElement | null | undefined) {
  requestAnimationFrame(() => find()?.focus());
}

/** The page's sections, as the tabs name them and the URL's `?view=` keeps them (none: Parts). */
const VIEWS = [
  { id: 'parts', label: 'Parts' },
  { id: 'orders', label: 'Purchase orders' },
  { id: 'suppliers', label: 'Suppliers' },
  { id: 'kits', label: 'Kits' },
] as const;
type View = (typeof VIEWS)[number]['id'];

const viewOf = (param: string | null): View => VIEWS.find((view) => view.id === param)?.id ?? 'parts';

/**
 * The admin's Inventory, in sections (tabs kept in the URL, so reload and Back work; only the chosen one renders):
 * the parts and their stock, purchase orders (`?view=orders`, an order's detail `&order=<id>`), suppliers and the
 * service types' kits.
 */
export function InventoryPage({ renderJob }: InventoryPageProps) {
  const filters = useAppSelector(selectInventoryFilters);
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  const orderId = params.get('order');
  const { data: catalog, isLoading: catalogLoading, error: catalogError, refetch: refetchCatalog } = useGetCatalogQuery();
  const centres = useMemo(() => catalog?.centers.map((centre) => ({ value: centre.id, label: centre.name })) ?? [], [catalog]);
  const centerId = shownCentreId(filters.centerId, catalog?.centers ?? []) ?? '';

  const show = (next: View, order?: string | null) =>
    setParams(() => {
      const search = new URLSearchParams();
      if (next !== 'parts') search.set('view', next);
      if (order) search.set('order', order);
      return search;
    });

  const content = (id: View) => {
    if (id !== view) return null;
    if (id === 'orders') {
      return (
        <Loading label="Loading purchase orders">
          <PurchaseOrders centres={centres} centerId={centerId} orderId={orderId} onOpen={(order) => show('orders', order)} />
        </Loading>
      );
    }
    if (id === 'suppliers') {
      return (
        <Loading label="Loading suppliers">
          <Suppliers />
        </Loading>
      );
    }
    if (id === 'kits') {
      return (
        <Loading label="Loading kits">
          <Kits serviceTypes={catalog?.serviceTypes ?? []} centerId={centerId} />
        </Loading>
      );
    }
    return <PartsSection renderJob={renderJob} centres={centres} centerId={centerId} onDrafted={(order) => show('orders', order.id)} />;
  };

  return (
    <div className={styles.page}>
      <PageHeader title="Inventory">Parts and their stock at each service centre: receive deliveries, count, move stock between centres, buy parts in.</PageHeader>

      <DataState isLoading={catalogLoading} error={!catalog && catalogError ? messageOf(catalogError) : null} onRetry={() => void refetchCatalog()} loadingLabel="Loading service centres">
        <Tabs label="Inventory sections" tabs={VIEWS.map(({ id, label }) => ({ id, label, content: content(id) }))} selectedId={view} onSelectedChange={(id) => show(viewOf(id))} />
      </DataState>
    </div>
  );
}

interface PartsSectionProps extends InventoryPageProps {
  centres: readonly SelectOption[];
  /** The centre shown ('' until the catalogue names one). */
  centerId: string;
  /** Opens a purchase order drafted from the reorder suggestions. */
  onDrafted: (order: PurchaseOrder) => void;
}

/**
 * The parts with their stock at one service centre (search, Low stock with the reorder suggestions, archived), a page
 * at a time, and what changes them: a new part, edits, receipts, adjustments, transfers, reorder settings, archiving,
 * each part's history, and the CSV import and export. The numbers are the server's; every change refetches what
 * shows them.
 */
function PartsSection({ renderJob, centres, centerId: shownCentre, onDrafted }: PartsSectionProps) {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectInventoryFilters);
  const centerId = shownCentre || undefined;
  const centreName = centres.find((centre) => centre.value === centerId)?.label ?? '';

  // Skipped until the catalogue names the centres.
  const { currentData, isFetching, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetPartPagesInfiniteQuery(partFiltersOf(filters, centerId ?? ''), {
    skip: !centerId,
  });
  const [updatePart] = useUpdatePartMutation();
  const { pending, errors, announcement, announce, run } = useRowAction();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [search, setSearch] = useState(filters.search);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  /** The button that opened the last dialog: the dialog gives the focus back to it when it closes. */
  const openerRef = useRef<HTMLElement | null>(null);

  const parts = currentData?.pages.flatMap((page) => page.items) ?? [];
  const fetchMore = useLoadMore(bodyRef, 'th[scope="row"]', parts.length, fetchNextPage);
  const filtered = Boolean(filters.search || filters.lowStock || filters.showArchived);

  // A change can take its part out of the list once it reloads (received stock is no longer low): its button is gone
  // and the focus would fall to the page's body, so the summary line takes it.
  useEffect(() => {
    const opener = openerRef.current;
    if (dialog || !opener || opener.isConnected) return;
    openerRef.current = null;
    if (document.activeElement === document.body) summaryRef.current?.focus();
  }, [dialog, currentData]);

  // The search asks the server once typing pauses (Enter asks at once).
  useEffect(() => {
    if (search.trim() === filters.search) return undefined;
    const timer = setTimeout(() => dispatch(partSearchChanged(search)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, dispatch]);

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch(partSearchChanged(search));
  }

  async function loadMore() {
    setMoreError(null);
    const failure = await fetchMore();
    if (failure !== undefined) setMoreError(messageOf(failure));
  }

  function act(action: PartAction, part: PartWithStock) {
    if (action !== 'archive' && action !== 'restore') {
      openDialog({ kind: action, part });
      return;
    }
    const archived = action === 'archive';
    void run(
      part.id,
      async () => {
        await updatePart({ id: part.id, archived, expectedVersion: part.version }).unwrap();
        return `${archived ? 'Archived' : 'Restored'} ${part.sku} ${part.name}.`;
      },
      // The part leaves this list (archived parts show only with Show archived): the summary keeps the focus in place.
      () => focusSoon(() => summaryRef.current),
    );
  }

  function openDialog(next: OpenDialog) {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  }

  function closeDialog() {
    setDialog(null);
  }

  function done(summary: string) {
    setDialog(null);
    announce(summary);
  }

  function saved(part: Part, created: boolean) {
    done(`${created ? 'Added' : 'Saved'} ${part.sku} ${part.name}.`);
  }

  const caption = `Parts at ${centreName}${filters.lowStock ? ', low stock only' : ''}${filters.showArchived ? ', archived' : ''}${filters.search ? `, matching “${filters.search}”` : ''}, by SKU`;
  const stock = (part: PartWithStock): StockDialogProps => ({ part, centres, centerId: centerId ?? '', onClose: closeDialog, onDone: done });

  return (
    <div className={own.section}>
      <div className={styles.toolbar}>
        <Select label="Centre" options={centres} value={centerId ?? ''} onChange={(event) => dispatch(centreChosen(event.target.value))} containerClassName={styles.centre} />
        <form role="search" className={styles.search} onSubmit={submitSearch}>
          <TextField type="search" label="Search parts" hint="Part of a SKU or a name" maxLength={100} value={search} onChange={(event) => setSearch(event.target.value)} />
        </form>
        <div className={styles.toggles}>
          <Checkbox label="Low stock" checked={filters.lowStock} onChange={(event) => dispatch(lowStockToggled(event.target.checked))} />
          <Checkbox label="Show archived" checked={filters.showArchived} onChange={(event) => dispatch(showArchivedToggled(event.target.checked))} />
        </div>
        <Button className={styles.add} startIcon={<Plus />} onClick={() => openDialog({ kind: 'new' })}>
          Add part
        </Button>
        <PartsCsv centerId={centerId ?? ''} onDone={announce} />
      </div>

      <div role="status" aria-live="polite" className={announcement ? styles.announcement : undefined}>
        {announcement}
      </div>

      {filters.lowStock && centerId && (
        <Loading label="Loading reorder suggestions">
          <ReorderSuggestions centerId={centerId} centreName={centreName} onDrafted={onDrafted} />
        </Loading>
      )}

      <DataState isLoading={isFetching && !currentData} error={!currentData && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading parts">
        <p ref={summaryRef} tabIndex={-1} className={parts.length === 0 ? styles.empty : styles.summary}>
          {parts.length === 0
            ? filtered
              ? 'No parts match'
              : 'No parts yet'
            : `${parts.length} ${parts.length === 1 ? 'part' : 'parts'}${hasNextPage ? ' shown, more below' : ''}.`}
        </p>
        {parts.length > 0 && <PartsTable parts={parts} caption={caption} bodyRef={bodyRef} onAction={act} busyId={pending} errors={errors} />}
        {moreError && <Alert variant="error">{moreError}</Alert>}
        {hasNextPage && (
          <Button variant="secondary" className={styles.more} loading={isFetchingNextPage} onClick={() => void loadMore()}>
            Load more
          </Button>
        )}
      </DataState>

      {dialog && (
        <Suspense
          fallback={
            <Modal open title="Loading" onClose={closeDialog}>
              <Spinner label="Loading the dialog" showLabel />
            </Modal>
          }
        >
          {dialog.kind === 'new' && <PartFormDialog onClose={closeDialog} onSaved={saved} />}
          {dialog.kind === 'edit' && <PartFormDialog part={dialog.part} onClose={closeDialog} onSaved={saved} />}
          {dialog.kind === 'history' && <HistoryDialog part={dialog.part} centres={centres} centerId={centerId ?? ''} onClose={closeDialog} renderJob={renderJob} />}
          {dialog.kind === 'receive' && <ReceiveDialog {...stock(dialog.part)} />}
          {dialog.kind === 'adjust' && <AdjustDialog {...stock(dialog.part)} />}
          {dialog.kind === 'transfer' && <TransferDialog {...stock(dialog.part)} />}
          {dialog.kind === 'levels' && <StockLevelsDialog {...stock(dialog.part)} />}
        </Suspense>
      )}
    </div>
  );
}

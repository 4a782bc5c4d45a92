import type { ImportResult, PartPage, ServiceKit, ServiceKitBody, ServiceKitList } from '@contract/inventory';
import type {
  DraftFromSuggestionsBody,
  PurchaseOrder,
  PurchaseOrderBody,
  PurchaseOrderPage,
  PurchaseOrderPatch,
  ReceiveOrderBody,
  ReorderSuggestionList,
  Supplier,
  SupplierBody,
  SupplierList,
} from '@contract/purchasing';
import type { PurchaseOrderStatus } from '@contract/inventoryTerms';
import { api } from '@/api/api';
import { downloadFile, type FileDownload } from '@/lib/download';
import { INVENTORY_TAG_TYPES } from './inventoryApi';

/** Buying parts in and the parts' bulk tools: suppliers, purchase orders, reorder suggestions, service kits. */
export const PURCHASING_TAG_TYPES = ['PurchaseOrder', 'Supplier', 'Suggestion', 'Kit'] as const;
export type PurchasingTag = (typeof PURCHASING_TAG_TYPES)[number];

/** The purchase orders list's filter (the endpoint pages for itself). */
export interface OrderFilters {
  status?: PurchaseOrderStatus;
}

/** Orders per page of the list, and parts a part search offers at most. */
export const ORDERS_PAGE_SIZE = 25;
export const PART_MATCHES = 10;

/** The name the server gives the export; this one if it gives none. */
export const EXPORT_FILE_NAME = 'parts.csv';

const ORDER_LISTS = { type: 'PurchaseOrder', id: 'LIST' } as const;
const PART_LISTS = { type: 'Part', id: 'LIST' } as const;
const orderPath = (id: string) => `/purchase-orders/${encodeURIComponent(id)}`;
const order = (id: string) => ({ type: 'PurchaseOrder' as const, id });

/**
 * /api/suppliers, /api/purchase-orders, /api/parts/suggestions, /api/service-kits and the parts CSV files
 * (server/README.md "Parts and stock"). Money is in minor units, as the contract has it.
 */
export const purchasingApi = api.enhanceEndpoints({ addTagTypes: [...PURCHASING_TAG_TYPES, ...INVENTORY_TAG_TYPES] }).injectEndpoints({
  endpoints: (build) => ({
    getSuppliers: build.query<SupplierList, void>({
      query: () => '/suppliers',
      providesTags: ['Supplier'],
    }),
    createSupplier: build.mutation<Supplier, SupplierBody>({
      query: (body) => ({ url: '/suppliers', method: 'POST', body }),
      invalidatesTags: ['Supplier'],
    }),
    /** The orders show the supplier's name: they reload too. */
    updateSupplier: build.mutation<Supplier, SupplierBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/suppliers/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Supplier', 'PurchaseOrder'],
    }),

    /** Newest (highest number) first, page by page. */
    getOrderPages: build.infiniteQuery<PurchaseOrderPage, OrderFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage: PurchaseOrderPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/purchase-orders', params: { ...queryArg, limit: ORDERS_PAGE_SIZE, ...(pageParam !== null && { cursor: pageParam }) } }),
      providesTags: [ORDER_LISTS],
    }),
    getOrder: build.query<PurchaseOrder, string>({
      query: (id) => orderPath(id),
      providesTags: (_result, _error, id) => [order(id)],
    }),
    createOrder: build.mutation<PurchaseOrder, PurchaseOrderBody>({
      query: (body) => ({ url: '/purchase-orders', method: 'POST', body }),
      invalidatesTags: [ORDER_LISTS],
    }),
    /** A draft's new content; 409 when `expectedVersion` is stale. */
    updateOrder: build.mutation<PurchaseOrder, PurchaseOrderPatch & { id: string }>({
      query: ({ id, ...body }) => ({ url: orderPath(id), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [ORDER_LISTS, order(id)],
    }),
    /** DRAFT → ORDERED: its parts count as on order, so the suggestions change. */
    placeOrder: build.mutation<PurchaseOrder, { id: string; expectedVersion: number }>({
      query: ({ id, expectedVersion }) => ({ url: `${orderPath(id)}/order`, method: 'POST', body: { expectedVersion } }),
      invalidatesTags: (_result, _error, { id }) => [ORDER_LISTS, order(id), 'Suggestion'],
    }),
    cancelOrder: build.mutation<PurchaseOrder, { id: string; expectedVersion: number }>({
      query: ({ id, expectedVersion }) => ({ url: `${orderPath(id)}/cancel`, method: 'POST', body: { expectedVersion } }),
      invalidatesTags: (_result, _error, { id }) => [ORDER_LISTS, order(id), 'Suggestion'],
    }),
    /** Units that arrived: RECEIVED movements of each part, so its stock, lists and history change too. */
    receiveOrder: build.mutation<PurchaseOrder, ReceiveOrderBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${orderPath(id)}/receive`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id, lines }) => [
        ORDER_LISTS,
        order(id),
        'Suggestion',
        PART_LISTS,
        ...lines.flatMap((line) => [{ type: 'Part' as const, id: line.partId }, { type: 'StockMovement' as const, id: line.partId }]),
      ],
    }),

    /** What to reorder at a centre; any change of the parts' stock changes it too. */
    getSuggestions: build.query<ReorderSuggestionList, string>({
      query: (centerId) => ({ url: '/parts/suggestions', params: { centerId } }),
      providesTags: ['Suggestion', PART_LISTS],
    }),
    draftFromSuggestions: build.mutation<PurchaseOrder, DraftFromSuggestionsBody>({
      query: (body) => ({ url: '/purchase-orders/from-suggestions', method: 'POST', body }),
      invalidatesTags: [ORDER_LISTS],
    }),

    /** The first parts whose SKU or name contains `q`, for a part picker (active parts, stock at `centerId`). */
    getPartMatches: build.query<PartPage, { centerId: string; q: string }>({
      query: ({ centerId, q }) => ({ url: '/parts', params: { centerId, ...(q && { q }), limit: PART_MATCHES } }),
      providesTags: [PART_LISTS],
    }),

    getKits: build.query<ServiceKitList, void>({
      query: () => '/service-kits',
      providesTags: ['Kit'],
    }),
    /** Replaces a service type's kit; the jobs' demand, and so the suggestions, follow it. */
    setKit: build.mutation<ServiceKit, ServiceKitBody & { serviceType: string }>({
      query: ({ serviceType, ...body }) => ({ url: `/service-kits/${encodeURIComponent(serviceType)}`, method: 'PUT', body }),
      invalidatesTags: ['Kit', 'Suggestion'],
    }),

    /** A parts CSV file as text: all rows or none (400 with each bad row's errors keyed `line N`). */
    importParts: build.mutation<ImportResult, string>({
      query: (csv) => ({ url: '/parts/import', method: 'POST', body: csv, headers: { 'Content-Type': 'text/csv' } }),
      invalidatesTags: [PART_LISTS, 'Part', 'Suggestion'],
    }),
    /** The catalogue (with a centre's stock) as a CSV download, fetched with the token in its header. */
    exportParts: build.mutation<FileDownload, { centerId?: string }>({
      queryFn: ({ centerId }, _api, _extra, baseQuery) =>
        downloadFile(baseQuery, `/parts/export.csv${centerId ? `?centerId=${encodeURIComponent(centerId)}` : ''}`, EXPORT_FILE_NAME),
    }),
  }),
});

export const {
  useGetSuppliersQuery,
  useCreateSupplierMutation,
  useUpdateSupplierMutation,
  useGetOrderPagesInfiniteQuery,
  useGetOrderQuery,
  useCreateOrderMutation,
  useUpdateOrderMutation,
  usePlaceOrderMutation,
  useCancelOrderMutation,
  useReceiveOrderMutation,
  useGetSuggestionsQuery,
  useDraftFromSuggestionsMutation,
  useGetPartMatchesQuery,
  useGetKitsQuery,
  useSetKitMutation,
  useImportPartsMutation,
  useExportPartsMutation,
} = purchasingApi;

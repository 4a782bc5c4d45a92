import type {
  AdjustBody,
  MovementPage,
  NewPartBody,
  Part,
  PartDetail,
  PartListQuery,
  PartPage,
  PartPatch,
  ReceiveBody,
  StockChange,
  StockLevel,
  StockSettingsBody,
  TransferBody,
} from '@contract/inventory';
import { api } from '@/api/api';

/** The inventory domain's tags: the parts (their lists, each part by id) and each part's stock history. */
export const INVENTORY_TAG_TYPES = ['Part', 'StockMovement'] as const;
export type InventoryTag = (typeof INVENTORY_TAG_TYPES)[number];

/** The filters of the parts list, without the paging (the endpoint pages for itself). */
export type PartFilters = Omit<PartListQuery, 'cursor' | 'limit'>;

/** Which part's history at which centre. */
export interface MovementFilters {
  partId: string;
  centerId: string;
}

/** Parts per page of the table and movements per page of a history ("Load more" fetches the next). */
export const PARTS_PAGE_SIZE = 25;
export const MOVEMENTS_PAGE_SIZE = 20;

const PART_LISTS = { type: 'Part', id: 'LIST' } as const;
const path = (id: string) => `/parts/${encodeURIComponent(id)}`;

/** What a change of one part's stock makes stale: every list (its numbers), the part, and its history. */
const stockChanged = (id: string) => [PART_LISTS, { type: 'Part' as const, id }, { type: 'StockMovement' as const, id }];

/**
 * The parts catalogue and its stock per centre (server/README.md "Parts and stock"). Money is in minor units, as the
 * contract has it; the screens convert at their edges.
 */
export const inventoryApi = api.enhanceEndpoints({ addTagTypes: INVENTORY_TAG_TYPES }).injectEndpoints({
  endpoints: (build) => ({
    /** The parts with their stock at one centre, in SKU order, page by page (keyset cursor). */
    getPartPages: build.infiniteQuery<PartPage, PartFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage: PartPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({ url: '/parts', params: { ...queryArg, limit: PARTS_PAGE_SIZE, ...(pageParam !== null && { cursor: pageParam }) } }),
      providesTags: [PART_LISTS],
    }),
    /** One part with its stock at every centre. */
    getPart: build.query<PartDetail, string>({
      query: (id) => path(id),
      providesTags: (_result, _error, id) => [{ type: 'Part', id }],
    }),
    createPart: build.mutation<Part, NewPartBody>({
      query: (body) => ({ url: '/parts', method: 'POST', body }),
      invalidatesTags: [PART_LISTS],
    }),
    /** Any of the fields, or `archived`; refused (409) when `expectedVersion` is not the stored one. */
    updatePart: build.mutation<Part, PartPatch & { id: string }>({
      query: ({ id, ...body }) => ({ url: path(id), method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { id }) => [PART_LISTS, { type: 'Part', id }],
    }),
    setStockLevels: build.mutation<StockLevel, StockSettingsBody & { id: string; centerId: string }>({
      query: ({ id, centerId, ...body }) => ({ url: `${path(id)}/stock/${encodeURIComponent(centerId)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [PART_LISTS, { type: 'Part', id }],
    }),
    receiveStock: build.mutation<StockChange, ReceiveBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${path(id)}/receive`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => stockChanged(id),
    }),
    adjustStock: build.mutation<StockChange, AdjustBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${path(id)}/adjust`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => stockChanged(id),
    }),
    transferStock: build.mutation<StockChange, TransferBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `${path(id)}/transfer`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => stockChanged(id),
    }),
    reverseMovement: build.mutation<StockChange, { id: string; movementId: string; reason: string }>({
      query: ({ id, movementId, reason }) => ({ url: `${path(id)}/movements/${encodeURIComponent(movementId)}/reverse`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, _error, { id }) => stockChanged(id),
    }),
    /** A part's movements at one centre, newest first, page by page. */
    getMovementPages: build.infiniteQuery<MovementPage, MovementFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage: MovementPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg: { partId, centerId }, pageParam }) => ({
        url: `${path(partId)}/movements`,
        params: { centerId, limit: MOVEMENTS_PAGE_SIZE, ...(pageParam !== null && { cursor: pageParam }) },
      }),
      providesTags: (_result, _error, { partId }) => [{ type: 'StockMovement', id: partId }],
    }),
  }),
});

export const {
  useGetPartPagesInfiniteQuery,
  useGetPartQuery,
  useCreatePartMutation,
  useUpdatePartMutation,
  useSetStockLevelsMutation,
  useReceiveStockMutation,
  useAdjustStockMutation,
  useTransferStockMutation,
  useReverseMovementMutation,
  useGetMovementPagesInfiniteQuery,
} = inventoryApi;

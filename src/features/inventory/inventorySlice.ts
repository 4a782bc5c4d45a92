import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { logout } from '@/api/session';
import { rootReducer } from '@/store/rootReducer';
import type { PartFilters } from './inventoryApi';

/**
 * Client state of the Inventory page: the centre whose stock it shows and the list's filters. The parts and their
 * stock are server data (inventoryApi).
 */
export interface InventoryState {
  /** The chosen service centre, or null for the catalogue's first. */
  centerId: string | null;
  /** Part of a SKU or a name, as last searched (trimmed). */
  search: string;
  lowStock: boolean;
  showArchived: boolean;
}

export const initialInventoryState: InventoryState = { centerId: null, search: '', lowStock: false, showArchived: false };

const inventorySlice = createSlice({
  name: 'inventory',
  initialState: initialInventoryState,
  reducers: {
    centreChosen(state, action: PayloadAction<string>) {
      state.centerId = action.payload;
    },
    partSearchChanged(state, action: PayloadAction<string>) {
      state.search = action.payload.trim();
    },
    lowStockToggled(state, action: PayloadAction<boolean>) {
      state.lowStock = action.payload;
    },
    showArchivedToggled(state, action: PayloadAction<boolean>) {
      state.showArchived = action.payload;
    },
  },
  extraReducers: (builder) => {
    // The next person starts on the first centre with no filter (architecture.md §3).
    builder.addCase(logout, () => initialInventoryState);
  },
  selectors: {
    selectInventoryFilters: (state) => state,
  },
});

declare module '@/store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof inventorySlice> {}
}

const injectedInventorySlice = inventorySlice.injectInto(rootReducer);

export const { centreChosen, partSearchChanged, lowStockToggled, showArchivedToggled } = injectedInventorySlice.actions;
export const { selectInventoryFilters } = injectedInventorySlice.selectors;

/**
 * The parts list's query for these filters at `centerId`: a filter that is off is left out, so the page and its
 * loader ask with the same key.
 */
export function partFiltersOf(filters: InventoryState, centerId: string): PartFilters {
  return {
    centerId,
    ...(filters.search && { q: filters.search }),
    ...(filters.lowStock && { lowStock: true }),
    ...(filters.showArchived && { archived: true }),
  };
}

/** The centre the page shows: the chosen one while the catalogue still has it, else the catalogue's first. */
export function shownCentreId(chosen: string | null, centres: readonly { id: string }[]): string | undefined {
  return centres.find((centre) => centre.id === chosen)?.id ?? centres[0]?.id;
}

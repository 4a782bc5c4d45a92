import { combineReducers, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '@/api/api';

/**
 * Slices the store has from its creation: the persisted design-card slices, which redux-persist's REHYDRATE must
 * find (combineReducers drops the state of a key it does not know yet). Their domains add themselves here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each domain
export interface StaticSlices {}

/** Slices a domain injects when its code first loads (never persisted, for the reason above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each domain
export interface LazyLoadedSlices {}

export type RootState = { [api.reducerPath]: ReturnType<typeof api.reducer> } & StaticSlices & Partial<LazyLoadedSlices>;

const reducers: Partial<Record<string, Reducer>> = { [api.reducerPath]: api.reducer };
let combined = combineReducers(reducers as Record<string, Reducer>);

/**
 * The store's reducer, which every slice injects itself into (`slice.injectInto(rootReducer)`). RTK's combineSlices
 * does the same, but its selector machinery costs the sign-in page 0.35 KiB gzip it does not have (its budget).
 */
export const rootReducer = Object.assign((state: RootState | undefined, action: UnknownAction): RootState => combined(state, action) as RootState, {
  inject(slice: { reducerPath: string; reducer: Reducer }, config: { overrideExisting?: boolean } = {}): void {
    const current = reducers[slice.reducerPath];
    if (current === slice.reducer) return;
    if (current && !config.overrideExisting) throw new Error(`A different reducer is already injected at "${slice.reducerPath}"`);
    reducers[slice.reducerPath] = slice.reducer;
    combined = combineReducers(reducers as Record<string, Reducer>);
  },
});

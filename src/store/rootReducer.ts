import { combineSlices } from '@reduxjs/toolkit';
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

/** What every slice injects itself into (`slice.injectInto(rootReducer)`); the store is made from it. */
export const rootReducer = combineSlices(api).withLazyLoadedSlices<StaticSlices & LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer> & StaticSlices;

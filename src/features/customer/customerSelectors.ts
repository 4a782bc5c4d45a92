import { createSelector } from '@reduxjs/toolkit';
import { idsByStatus } from '@/lib/groupIds';
import type { RootState } from '@/app/store';
import { selectCustomerServices } from '@/features/services/servicesSlice';
import type { CustomerServiceJob } from '@/features/services/types';
import type { ServiceFilter } from './serviceFilters';

export type CustomerServicesByFilter = Record<ServiceFilter, CustomerServiceJob[]>;

/**
 * The customer's jobs split by filter in one pass, memoised on the job list: switching filters is a lookup and
 * returns the same array each time, so memoised rows do not re-render (stays fast with 1,000+ jobs).
 */
export const selectCustomerServicesByFilter = createSelector([selectCustomerServices], (services): CustomerServicesByFilter => {
  const grouped: CustomerServicesByFilter = { all: services, not_completed: [], completed: [] };
  for (const service of services) grouped[service.status]?.push(service);
  return grouped;
});

/**
 * The ids of the jobs each filter shows (no entry for ALL: it shows every job), so a filter switch in the list is
 * one set lookup per row.
 */
export const selectCustomerServiceIdsByFilter = createSelector(
  [selectCustomerServices],
  (services): Record<Exclude<ServiceFilter, 'all'>, ReadonlySet<string>> => idsByStatus(services, ['not_completed', 'completed']),
);

/** The jobs a filter shows (a stable array reference until the job list changes). */
export const selectFilteredCustomerServices = (state: RootState, filter: ServiceFilter): CustomerServiceJob[] =>
  selectCustomerServicesByFilter(state)[filter];

/** The customer's jobs by id, memoised on the job list. */
export const selectCustomerServicesById = createSelector([selectCustomerServices], (services) => {
  const byId: Record<string, CustomerServiceJob> = {};
  for (const service of services) byId[service.id] = service;
  return byId;
});

/** One job by id, or null. */
export const selectCustomerServiceById = (state: RootState, id: string | null): CustomerServiceJob | null =>
  id === null ? null : (selectCustomerServicesById(state)[id] ?? null);

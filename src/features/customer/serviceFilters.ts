import type { FilterOption } from '@/components/FilteredList';
import type { CustomerServiceStatus } from '@/features/services/types';

/** The customer's My Services filter (spec §2: ALL / NOT COMPLETED / COMPLETED). */
export type ServiceFilter = 'all' | CustomerServiceStatus;

/** The filter buttons; the labels are the button texts exactly as the spec names them. */
export const SERVICE_FILTERS: readonly FilterOption<ServiceFilter>[] = [
  { value: 'all', label: 'ALL' },
  { value: 'not_completed', label: 'NOT COMPLETED' },
  { value: 'completed', label: 'COMPLETED' },
];

/** Readable status text for the badge (spec §4 "Customer service status": display only). */
export const SERVICE_STATUS_LABELS: Record<CustomerServiceStatus, string> = {
  not_completed: 'Not Completed',
  completed: 'Completed',
};

import type { CustomerServiceStatus } from '@/features/services/types';

/** The customer's My Services filter (spec §2: ALL / NOT COMPLETED / COMPLETED). */
export type ServiceFilter = 'all' | CustomerServiceStatus;

export interface ServiceFilterOption {
  value: ServiceFilter;
  /** The button text, exactly as the spec names it. */
  label: string;
}

export const SERVICE_FILTERS: readonly ServiceFilterOption[] = [
  { value: 'all', label: 'ALL' },
  { value: 'not_completed', label: 'NOT COMPLETED' },
  { value: 'completed', label: 'COMPLETED' },
];

/** Readable status text for the badge (spec §4 "Customer service status": display only). */
export const SERVICE_STATUS_LABELS: Record<CustomerServiceStatus, string> = {
  not_completed: 'Not Completed',
  completed: 'Completed',
};

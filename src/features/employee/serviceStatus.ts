import { format, parseISO } from 'date-fns';
import type { FilterOption } from '@/components/FilteredList';
import type { EmployeeServiceStatus } from '@/features/services/types';
import type { ServiceFilter } from './employeeSelectors';

/**
 * Human labels of the employee statuses (spec §4). The UI never shows the raw values; the alert after a status
 * change says e.g. "Status updated to In Progress" with the same label the select and the badges show.
 */
export const STATUS_LABELS: Record<EmployeeServiceStatus, string> = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  completed: 'Completed',
};

/** The Status select's options, in workflow order. */
export const STATUS_OPTIONS = (['not_started', 'in_progress', 'completed'] as const).map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

/** The Assigned Services filter buttons (spec §2: ALL / IN PROGRESS / NOT STARTED / COMPLETED). */
export const SERVICE_FILTERS: readonly FilterOption<ServiceFilter>[] = [
  { value: 'all', label: 'ALL' },
  { value: 'in_progress', label: 'IN PROGRESS' },
  { value: 'not_started', label: 'NOT STARTED' },
  { value: 'completed', label: 'COMPLETED' },
];

export function isEmployeeServiceStatus(value: string): value is EmployeeServiceStatus {
  return Object.hasOwn(STATUS_LABELS, value);
}

/** e.g. "Mar 10, 2026, 10:00 AM" (local time). */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? parseISO(value) : value;
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'MMM d, yyyy, h:mm a');
}

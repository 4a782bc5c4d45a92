import { STAGES, type Stage, TECHNICIAN_STAGES, TECHNICIAN_STATUSES, type TechnicianStatus } from '@contract/statuses';
import type { FilterOption } from '@/components/FilteredList';
import type { TechnicianFilter } from '../servicesSlice';
import { STAGE_LABELS, TECHNICIAN_STATUS_LABELS } from '../labels';

/** The Status select's options, in workflow order (spec §4 "Employee service status"). */
export const STATUS_OPTIONS = TECHNICIAN_STATUSES.map((value) => ({ value, label: TECHNICIAN_STATUS_LABELS[value] }));

/** The Stage select's options once a job is in progress (spec §4 "Ongoing substatuses"); Awaiting Approval is the server's. */
export const STAGE_OPTIONS = TECHNICIAN_STAGES.map((value) => ({ value, label: STAGE_LABELS[value] }));

/** The Assigned Services filter buttons (spec §2: ALL / IN PROGRESS / NOT STARTED / COMPLETED). */
export const TECHNICIAN_JOB_FILTERS: readonly FilterOption<TechnicianFilter>[] = [
  { value: 'all', label: 'ALL' },
  { value: 'in_progress', label: 'IN PROGRESS' },
  { value: 'not_started', label: 'NOT STARTED' },
  { value: 'completed', label: 'COMPLETED' },
];

export function isTechnicianStatus(value: string): value is TechnicianStatus {
  return (TECHNICIAN_STATUSES as readonly string[]).includes(value);
}

export function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

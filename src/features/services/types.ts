export type CustomerServiceStatus = 'not_completed' | 'completed';
export type EmployeeServiceStatus = 'not_started' | 'in_progress' | 'completed';

interface ServiceJobBase {
  id: string;
  vehicleName: string;
  vehicleNumber: string;
  /** e.g. Regular Maintenance, Custom Modification, Accident Repair */
  serviceType: string;
  /** ISO 8601 date-time */
  startDate: string;
  /** ISO 8601 date-time */
  estimatedCompletion: string;
  serviceCenter: string;
  centerSlot: string;
}

/** A service job as the customer sees it (spec §3). */
export interface CustomerServiceJob extends ServiceJobBase {
  status: CustomerServiceStatus;
  assignedEmployee: string;
}

/** A service job as the assigned technician sees it (spec §3). */
export interface EmployeeServiceJob extends ServiceJobBase {
  status: EmployeeServiceStatus;
  customerName: string;
  /**
   * ISO 8601 date-time the job last became `completed` (set by serviceStatusUpdated, removed when it leaves
   * `completed`). Drives the technician's "Completed This Week" count. Optional: data persisted before this
   * field existed lacks it, and the count then falls back to `estimatedCompletion`.
   */
  completedAt?: string;
}

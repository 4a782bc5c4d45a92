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
}

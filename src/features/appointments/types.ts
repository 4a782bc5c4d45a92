/** Spec §3 "Appointment (admin sample)" status. */
export type AppointmentStatus = 'CONFIRMED' | 'PENDING';

/** Which admin dashboard column an appointment belongs to. */
export type AppointmentDisplayStatus = 'upcoming' | 'ongoing' | 'unassigned';

/** Spec §4 "Ongoing substatuses". */
export type OngoingStatus = 'IN_PROGRESS' | 'AWAITING_PARTS' | 'QUALITY_CHECK';

/** An appointment as the admin dashboard shows it (spec §3). */
export interface Appointment {
  id: string;
  vehicleBrand: string;
  vehicleModel: string;
  vehicleYear: number;
  vehicleLicensePlate: string;
  serviceTypeName: string;
  serviceTypeDescription: string;
  /** In currency units (e.g. 25000), not cents. */
  estimatedCost: number;
  /** In minutes. */
  estimatedDuration: number;
  /** ISO 8601 local date-time of the service centre (no offset), e.g. 2025-10-27T09:00:00. */
  appointmentDate: string;
  status: AppointmentStatus;
  displayStatus: AppointmentDisplayStatus;
  customerName: string;
  customerEmail: string;
  /** null while awaiting assignment. */
  assignedEmployeeName: string | null;
  assignedEmployeeId: string | null;
  serviceCenter: string;
  centerSlot: string;
  /** Percent complete, 0–100; ongoing appointments only. */
  progress?: number;
  /** Ongoing appointments only. */
  ongoingStatus?: OngoingStatus;
}

export type EmployeeAvailability = 'available' | 'busy';

/** A technician the admin can assign (spec §3 "Employee (admin sample)"). */
export interface Employee {
  id: string;
  name: string;
  email: string;
  specialization: string;
  availability: EmployeeAvailability;
  /** Number of tasks currently assigned. */
  currentWorkload: number;
  /** Out of 5. */
  rating: number;
  phoneNumber: string;
}

// The jobs domain: one name for what the contract calls an appointment. The other domains and the pages import
// this file only.
export { jobsApi, JOB_TAG_TYPES, type JobTag, type JobFilters } from './jobsApi';
export { useGetJobsQuery, useGetCatalogQuery, useAssignTechnicianMutation } from './jobsApi';
export { OWN_JOBS } from './customerQueries';
export {
  bayLabel,
  CURRENCY_LABEL,
  formatCalendarDate,
  formatInstant,
  formatJobSlot,
  formatPrice,
  formatShortDate,
  vehicleLabel,
  vehicleName,
  vehicleWithPlate,
} from './format';
export { formatMoney, toDecimal, toMinor } from './money';
export { customerStatusOf, jobStatusText, technicianStatusOf, type CustomerStatus, type JobStatusWord } from './labels';
export { default as servicesSlice, jobSelected, selectSelectedJobId } from './servicesSlice';
export { default as appointmentsSlice, employeeSearchChanged, selectBoardDay, selectEmployeeSearch } from './appointmentsSlice';
export { default as bookingSlice, bookingReset, selectConfirmedJobId } from './bookingSlice';
export { JobStatusBadge } from './components/JobStatusBadge';
export { JobSummaryRow } from './components/JobSummaryRow';
export { CustomerJobs } from './customer/CustomerJobs';
export type { JobDetailsSlots } from './customer/JobDetails';
export { AssignedJobsList } from './technician/AssignedJobsList';
export { JobCounts } from './technician/JobCounts';
export { UpdateJobStatusDialog } from './technician/UpdateJobStatusDialog';
export { useTechnicianJobs } from './technician/useTechnicianJobs';
export { JOB_COUNTS_ALL, jobLabel, logJobLabel, NO_JOB_LABEL, OTHER_JOB_LABEL, technicianJobQueries } from './technician/technicianJobs';
export { JobBoard, type AssignDialogProps } from './board/JobBoard';
export { JobBoardFrame } from './board/JobBoardIntro';
export { boardQueries } from './board/boardQueries';
export { BookingForm } from './booking/BookingForm';
export { BookingConfirmation } from './booking/BookingConfirmation';

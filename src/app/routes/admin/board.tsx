import type { Appointment } from '@contract/appointments';
import { EmailVerifiedBadge } from '@/features/account';
import { PartsShortWarning, useShortagesByJob } from '@/features/inventory';
import { JobBoard, vehicleLabel } from '@/features/jobs';
import { DownloadReportButton } from '@/features/reports';
import { AssignTechnicianDialog } from '@/features/staff';

/** A board card's report; its name says which job ("Download Report, Toyota Camry CAB-1234"). */
export function CardReport({ job }: { job: Appointment }) {
  return <DownloadReportButton job={job} variant="ghost" size="sm" fullWidth context={vehicleLabel(job.vehicle)} />;
}

/**
 * /admin/dashboard: the jobs' board, each card with its report, "Parts short" when its kit is not covered at its
 * centre (one request for the board), and whether its customer's address is verified, and the staff's Assign
 * Employee dialog.
 */
export function Component() {
  const shortages = useShortagesByJob();
  return (
    <JobBoard
      renderAssignDialog={(props) => <AssignTechnicianDialog {...props} />}
      renderCardFooter={(job) => (
        <>
          <PartsShortWarning shortage={shortages.get(job.id)} />
          <CardReport job={job} />
        </>
      )}
      renderCustomerStatus={(job) => <EmailVerifiedBadge verified={job.customer.emailVerified} />}
    />
  );
}

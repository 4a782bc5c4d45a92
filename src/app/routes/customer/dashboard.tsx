import { useCallback } from 'react';
import type { Appointment } from '@contract/appointments';
import { Link } from 'react-router-dom';
import * as paths from '@/config/paths';
import { selectCurrentUser } from '@/features/auth';
import { JobBillingPanel, JobBillingSummary, useBillingSummaries } from '@/features/billing';
import { JobPartsPanel } from '@/features/inventory';
import { CustomerJobs, OWN_JOBS, useGetJobsQuery } from '@/features/jobs';
import { DownloadReportButton } from '@/features/reports';
import { TrackingLinkPanel } from '@/features/tracking';
import { useAppSelector } from '@/store/hooks';
import { BOOK_APPOINTMENT_CLASS, bookAppointmentContent, CustomerDashboardIntro } from './DashboardIntro';
import styles from './dashboard.module.css';

const NO_IDS: readonly string[] = [];

/** /dashboard for a customer (spec §2 "Customer dashboard"): welcome, Book Appointment, and their own jobs. */
export function Component() {
  const name = useAppSelector(selectCurrentUser)?.fullName.trim();
  // The billing of the whole list in one request: each row shows its job's total and what awaits approval.
  const { data: jobs } = useGetJobsQuery(OWN_JOBS);
  const summaries = useBillingSummaries(jobs?.map((job) => job.id) ?? NO_IDS);
  const renderSummary = useCallback((job: Appointment) => <JobBillingSummary summary={summaries.get(job.id)} cancelled={job.status === 'CANCELLED'} />, [summaries]);
  return (
    <div className={styles.page}>
      <CustomerDashboardIntro
        name={name}
        bookAppointment={
          <Link to={paths.booking} className={BOOK_APPOINTMENT_CLASS}>
            {bookAppointmentContent}
          </Link>
        }
      />
      <CustomerJobs
        renderSummary={renderSummary}
        renderReport={(job) => <DownloadReportButton job={job} variant="ghost" />}
        renderExtras={(job) => (
          <>
            <JobBillingPanel jobId={job.id} />
            <JobPartsPanel jobId={job.id} />
            <TrackingLinkPanel jobId={job.id} revocable />
          </>
        )}
      />
    </div>
  );
}

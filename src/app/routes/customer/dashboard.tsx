import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/Button';
import * as paths from '@/config/paths';
import { selectCurrentUser } from '@/features/auth';
import { JobPartsPanel } from '@/features/inventory';
import { CustomerJobs } from '@/features/jobs';
import { DownloadReportButton } from '@/features/reports';
import { TrackingLinkPanel } from '@/features/tracking';
import { useAppSelector } from '@/store/hooks';
import styles from './dashboard.module.css';

/** /dashboard for a customer (spec §2 "Customer dashboard"): welcome, Book Appointment, and their own jobs. */
export function Component() {
  const name = useAppSelector(selectCurrentUser)?.fullName.trim();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.greeting}>
          <h1 className={styles.title}>{name ? `Welcome, ${name}` : 'Welcome'}</h1>
          <p className={styles.subtitle}>Track your vehicle services and book your next appointment.</p>
        </div>
        <Link to={paths.booking} className={buttonClassName({ variant: 'primary' })}>
          <CalendarPlus aria-hidden="true" className={styles.linkIcon} />
          Book Appointment
        </Link>
      </header>
      <CustomerJobs
        renderReport={(job) => <DownloadReportButton job={job} variant="ghost" />}
        renderExtras={(job) => (
          <>
            <JobPartsPanel jobId={job.id} />
            <TrackingLinkPanel jobId={job.id} revocable />
          </>
        )}
      />
    </div>
  );
}

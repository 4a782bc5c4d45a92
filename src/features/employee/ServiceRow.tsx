import { memo, useId } from 'react';
import { Clock, RefreshCw } from 'lucide-react';
import { Button } from '@/components/Button';
import type { EmployeeServiceJob } from '@/features/services/types';
import { formatDateTime } from './serviceStatus';
import StatusBadge from './StatusBadge';
import styles from './ServiceRow.module.css';

export interface ServiceRowProps {
  job: EmployeeServiceJob;
  /** Stable callbacks (the row is memoised), called with the job's id. */
  onUpdateStatus: (id: string) => void;
  onLogTime: (id: string) => void;
}

/**
 * One assigned job: customer, vehicle, service type, status, dates, and the Update Status / Log Time buttons.
 * The buttons keep their exact visible names and are described by the row's vehicle, so a screen reader hears
 * which job each one is for.
 */
function ServiceRow({ job, onUpdateStatus, onLogTime }: ServiceRowProps) {
  const customerId = useId();
  const vehicleId = useId();
  return (
    <article aria-labelledby={customerId} className={styles.row}>
      <div className={styles.info}>
        <div className={styles.titleLine}>
          <h3 id={customerId} className={styles.customer}>{job.customerName}</h3>
          <StatusBadge status={job.status} />
        </div>
        <p id={vehicleId} className={styles.vehicle}>
          {job.vehicleName} <span className={styles.plate}>({job.vehicleNumber})</span>
        </p>
        <p className={styles.type}>{job.serviceType}</p>
        <dl className={styles.dates}>
          <div>
            <dt>Start</dt>
            <dd>{formatDateTime(job.startDate)}</dd>
          </div>
          <div>
            <dt>Est. completion</dt>
            <dd>{formatDateTime(job.estimatedCompletion)}</dd>
          </div>
        </dl>
      </div>
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="secondary"
          startIcon={<RefreshCw aria-hidden="true" />}
          aria-describedby={vehicleId}
          onClick={() => onUpdateStatus(job.id)}
        >
          Update Status
        </Button>
        <Button size="sm" variant="secondary" startIcon={<Clock aria-hidden="true" />} aria-describedby={vehicleId} onClick={() => onLogTime(job.id)}>
          Log Time
        </Button>
      </div>
    </article>
  );
}

export default memo(ServiceRow);

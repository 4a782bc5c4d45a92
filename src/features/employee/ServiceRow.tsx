import { memo, useId } from 'react';
import { Clock, RefreshCw } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { Button } from '@/components/Button';
import { bayLabel, formatInstant, formatJobSlot, vehicleName } from '@/features/jobs/format';
import { STAGE_LABELS } from '@/features/jobs/labels';
import StatusBadge from './StatusBadge';
import { technicianStatusOf } from './technicianJobs';
import styles from './ServiceRow.module.css';

export interface ServiceRowProps {
  job: Appointment;
  /** Stable callbacks (the row is memoised), called with the job's id. */
  onUpdateStatus: (id: string) => void;
  onLogTime: (id: string) => void;
}

const NOT_YET = '—';

/**
 * One assigned job: customer, vehicle, service type, status (and its stage once past the first), when and where it
 * is booked, its start and estimated completion, and the Update Status / Log Time buttons. The buttons keep their
 * exact visible names and are described by the row's vehicle, so a screen reader hears which job each one is for.
 */
function ServiceRow({ job, onUpdateStatus, onLogTime }: ServiceRowProps) {
  const customerId = useId();
  const vehicleId = useId();
  const stage = job.status === 'IN_PROGRESS' && job.stage && job.stage !== 'IN_PROGRESS' ? STAGE_LABELS[job.stage] : null;
  return (
    <article aria-labelledby={customerId} className={styles.row}>
      <div className={styles.info}>
        <div className={styles.titleLine}>
          <h3 id={customerId} className={styles.customer}>
            {job.customer.fullName}
          </h3>
          <StatusBadge status={technicianStatusOf(job)} />
          {stage && <span className={styles.stage}>Stage: {stage}</span>}
        </div>
        <p id={vehicleId} className={styles.vehicle}>
          {vehicleName(job.vehicle)}
          {vehicleName(job.vehicle) !== job.vehicle.plate && (
            <>
              {' '}
              <span className={styles.plate}>({job.vehicle.plate})</span>
            </>
          )}
        </p>
        <p className={styles.type}>{job.serviceType.name}</p>
        <dl className={styles.dates}>
          <div>
            <dt>Booked</dt>
            <dd>{formatJobSlot(job)}</dd>
          </div>
          <div>
            <dt>Centre</dt>
            <dd>
              {job.center.name} · {bayLabel(job.bay)}
            </dd>
          </div>
          <div>
            <dt>Start</dt>
            <dd>{job.startedAt ? formatInstant(job.startedAt) : NOT_YET}</dd>
          </div>
          <div>
            <dt>Est. completion</dt>
            <dd>{job.estimatedCompletion ? formatInstant(job.estimatedCompletion) : NOT_YET}</dd>
          </div>
          {job.completedAt && (
            <div>
              <dt>Completed</dt>
              <dd>{formatInstant(job.completedAt)}</dd>
            </div>
          )}
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

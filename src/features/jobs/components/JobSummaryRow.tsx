import { memo, type ReactNode, useId } from 'react';
import { Car, RefreshCw } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { Button } from '@/components/Button';
import { cx } from '@/lib/classNames';
import { bayLabel, formatInstant, formatJobSlot, vehicleName } from '../format';
import { customerStatusOf, STAGE_LABELS, technicianStatusOf } from '../labels';
import { JobStatusBadge } from './JobStatusBadge';
import styles from './JobSummaryRow.module.css';

export type JobSummaryRowProps = { job: Appointment } & (
  | {
      /** The customer's row: the whole row is a toggle that selects the job for the detail panel. */
      view: 'customer';
      selected: boolean;
      /** Stable (the row is memoised), called with the job's id. */
      onSelect: (id: string) => void;
      /** Stable; what other domains add to the row (its total): phrasing content, inside the row's button. */
      renderSummary?: (job: Appointment) => ReactNode;
    }
  | {
      /** The technician's row: who and when, with Update Status and the actions other domains add. */
      view: 'technician';
      /** Stable (the row is memoised), called with the job's id. */
      onUpdateStatus: (id: string) => void;
      /** Stable; `describedBy` names the row's vehicle, for the buttons' descriptions. */
      renderActions?: (job: Appointment, describedBy: string) => ReactNode;
      /** Stable; a note after the status (e.g. a change not sent yet). */
      renderStatusNote?: (job: Appointment) => ReactNode;
    }
);

const NOT_YET = '—';

/**
 * One job in a role's list of jobs. Memoised for long lists: RTK Query keeps an unchanged job's object across
 * refetches, so only changed rows render again.
 */
export const JobSummaryRow = memo(function JobSummaryRow(props: JobSummaryRowProps) {
  return props.view === 'customer' ? <CustomerRow {...props} /> : <TechnicianRow {...props} />;
});

function CustomerRow({ job, selected, onSelect, renderSummary }: Extract<JobSummaryRowProps, { view: 'customer' }>) {
  const name = vehicleName(job.vehicle);
  return (
    <button type="button" className={cx(styles.selectable, selected && styles.selected)} aria-pressed={selected} onClick={() => onSelect(job.id)}>
      <Car className={styles.carIcon} aria-hidden="true" />
      <span className={styles.rowText}>
        <span className={styles.vehicleLine}>
          <span className={styles.vehicleName}>{name}</span>
          {name !== job.vehicle.plate && (
            <>
              {' '}
              <span className={styles.vehicleNumber}>{job.vehicle.plate}</span>
            </>
          )}
        </span>
        <span className={styles.muted}>{job.serviceType.name}</span>
        <span className={styles.muted}>{formatJobSlot(job)}</span>
        {renderSummary?.(job)}
      </span>
      <JobStatusBadge status={customerStatusOf(job)} />
    </button>
  );
}

// The buttons keep their exact visible names and are described by the row's vehicle, so a screen reader hears
// which job each one is for.
function TechnicianRow({ job, onUpdateStatus, renderActions, renderStatusNote }: Extract<JobSummaryRowProps, { view: 'technician' }>) {
  const customerId = useId();
  const vehicleId = useId();
  const name = vehicleName(job.vehicle);
  const stage = job.status === 'IN_PROGRESS' && job.stage && job.stage !== 'IN_PROGRESS' ? STAGE_LABELS[job.stage] : null;
  return (
    <article aria-labelledby={customerId} className={styles.card}>
      <div className={styles.info}>
        <div className={styles.titleLine}>
          <h3 id={customerId} className={styles.customer}>
            {job.customer.fullName}
          </h3>
          <JobStatusBadge status={technicianStatusOf(job)} />
          {stage && <span className={styles.stage}>Stage: {stage}</span>}
        </div>
        {renderStatusNote?.(job)}
        <p id={vehicleId} className={styles.vehicle}>
          {name}
          {name !== job.vehicle.plate && (
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
        <Button size="sm" variant="secondary" startIcon={<RefreshCw aria-hidden="true" />} aria-describedby={vehicleId} onClick={() => onUpdateStatus(job.id)}>
          Update Status
        </Button>
        {renderActions?.(job, vehicleId)}
      </div>
    </article>
  );
}

import { type ReactNode, useId } from 'react';
import { UserPlus } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { bayLabel, formatInstant, formatJobSlot, formatMinutes, formatPrice, vehicleName } from '../format';
import { APPOINTMENT_STATUS_LABELS, type BoardColumn, STAGE_LABELS } from '../labels';
import { ProgressBar } from '@/components/ProgressBar';
import { cx } from '@/lib/classNames';
import { mailtoHref } from '@/lib/mailto';
import styles from './JobCard.module.css';

export interface JobCardProps {
  job: Appointment;
  /** The column it sits in: what the card shows depends on it (spec §2 "Admin dashboard"). */
  column: BoardColumn;
  /** The service type's description from the catalogue, shown on cards awaiting assignment. */
  serviceDescription?: string;
  /** Given for cards awaiting assignment: shows the Assign Employee button. */
  onAssign?: (job: Appointment) => void;
  /** What ends the card (its report). */
  footer?: ReactNode;
  /** Beside the customer's address (whether it is verified), from another domain. */
  customerStatus?: ReactNode;
}

/** One job on the admin board: what the job holds, and its stage and progress while it is in progress. */
export function JobCard({ job, column, serviceDescription, onAssign, footer, customerStatus }: JobCardProps) {
  const nameId = useId();
  const plateId = useId();
  const name = vehicleName(job.vehicle);
  const isOngoing = column === 'ongoing';
  const isUnassigned = column === 'unassigned';

  return (
    <Card
      as="article"
      headingLevel={3}
      padding="sm"
      // Focus lands on a card after "Load more" (the first newly loaded one).
      tabIndex={-1}
      className={cx(styles.card, styles[column])}
      title={<span id={nameId}>{name}</span>}
      actions={
        <span className={cx(styles.status, styles[`status-${job.status}`])}>
          <span className="visually-hidden">Status: </span>
          {APPOINTMENT_STATUS_LABELS[job.status]}
        </span>
      }
    >
      <p className={styles.vehicle} id={plateId}>
        {job.vehicle.year !== undefined && (
          <>
            <span>{job.vehicle.year}</span>
            <span aria-hidden="true"> · </span>
          </>
        )}
        <span className={styles.plate}>{job.vehicle.plate}</span>
      </p>

      <dl className={styles.details}>
        <div className={styles.wide}>
          <dt>Service</dt>
          <dd>{job.serviceType.name}</dd>
        </div>
        {isUnassigned && serviceDescription && (
          <div className={styles.wide}>
            <dt>Description</dt>
            <dd>{serviceDescription}</dd>
          </div>
        )}
        {/* The catalogue price of the service: what the job holds, nothing invented. */}
        <div>
          <dt>Estimated cost</dt>
          <dd className={styles.cost}>{formatPrice(job.serviceType.price)}</dd>
        </div>
        <div>
          <dt>Estimated time</dt>
          <dd>{formatMinutes(job.serviceType.durationMinutes)}</dd>
        </div>
        <div className={styles.wide}>
          <dt>Date</dt>
          <dd>
            <time dateTime={`${job.date}T${job.slot}`}>{formatJobSlot(job)}</time>
          </dd>
        </div>
        <div className={styles.wide}>
          <dt>Customer</dt>
          <dd>
            {job.customer.fullName}
            <br />
            <a href={mailtoHref(job.customer.email)} className={styles.email}>
              {job.customer.email}
            </a>
            {customerStatus && (
              <>
                <br />
                {customerStatus}
              </>
            )}
          </dd>
        </div>
        <div className={styles.wide}>
          <dt>Service centre</dt>
          <dd>
            {job.center.name}, {bayLabel(job.bay)}
          </dd>
        </div>
        {job.assignedEmployee && (
          <div className={styles.wide}>
            <dt>Technician</dt>
            <dd>{job.assignedEmployee.fullName}</dd>
          </div>
        )}
        {isOngoing && job.stage && (
          <div>
            <dt>Stage</dt>
            <dd>
              <span className={cx(styles.stage, styles[job.stage])}>{STAGE_LABELS[job.stage]}</span>
            </dd>
          </div>
        )}
        {isOngoing && job.estimatedCompletion && (
          <div className={styles.wide}>
            <dt>Estimated completion</dt>
            <dd>
              <time dateTime={job.estimatedCompletion}>{formatInstant(job.estimatedCompletion)}</time>
            </dd>
          </div>
        )}
      </dl>

      {isOngoing && <ProgressBar value={job.progress ?? 0} label={`${name} progress`} />}

      {isUnassigned && onAssign && (
        <Button
          size="sm"
          fullWidth
          startIcon={<UserPlus aria-hidden="true" />}
          // Which card: "Toyota Camry 2020 CAB-1234" (a vehicle known only by its plate is named once).
          aria-describedby={name === job.vehicle.plate ? plateId : `${nameId} ${plateId}`}
          data-assign-button=""
          data-job-id={job.id}
          onClick={() => onAssign(job)}
        >
          Assign Employee
        </Button>
      )}

      {footer}
    </Card>
  );
}

import { useId } from 'react';
import { UserPlus } from 'lucide-react';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import {
  formatAppointmentDate,
  formatCost,
  formatMinutes,
  ongoingStatusLabel,
  vehicleName,
} from '@/features/appointments/formatters';
import type { Appointment } from '@/features/appointments/types';
import { cx } from '@/lib/classNames';
import { ProgressBar } from './ProgressBar';
import styles from './AppointmentCard.module.css';

export interface AppointmentCardProps {
  appointment: Appointment;
  /** Given for cards awaiting assignment: shows the Assign Employee button. */
  onAssign?: (appointment: Appointment) => void;
}

/** One appointment on the admin dashboard; what it shows depends on its column (spec §2 "Admin dashboard"). */
export function AppointmentCard({ appointment: a, onAssign }: AppointmentCardProps) {
  const nameId = useId();
  const plateId = useId();
  const isOngoing = a.displayStatus === 'ongoing';
  const isUnassigned = a.displayStatus === 'unassigned';
  const name = vehicleName(a);

  return (
    <Card
      as="article"
      headingLevel={3}
      padding="sm"
      className={cx(styles.card, styles[a.displayStatus])}
      title={<span id={nameId}>{name}</span>}
      actions={
        <span className={cx(styles.status, a.status === 'CONFIRMED' ? styles.confirmed : styles.pending)}>
          <span className="visually-hidden">Status: </span>
          {a.status}
        </span>
      }
    >
      <p className={styles.vehicle} id={plateId}>
        <span>{a.vehicleYear}</span>
        <span aria-hidden="true"> · </span>
        <span className={styles.plate}>{a.vehicleLicensePlate}</span>
      </p>

      <dl className={styles.details}>
        <div>
          <dt>Service</dt>
          <dd>{a.serviceTypeName}</dd>
        </div>
        {isUnassigned && (
          <>
            <div className={styles.wide}>
              <dt>Description</dt>
              <dd>{a.serviceTypeDescription}</dd>
            </div>
            <div>
              <dt>Estimated cost</dt>
              <dd className={styles.cost}>{formatCost(a.estimatedCost)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Date</dt>
          <dd>
            <time dateTime={a.appointmentDate}>{formatAppointmentDate(a.appointmentDate)}</time>
          </dd>
        </div>
        <div className={styles.wide}>
          <dt>Customer</dt>
          <dd>
            {a.customerName}
            <br />
            <a href={`mailto:${a.customerEmail}`} className={styles.email}>
              {a.customerEmail}
            </a>
          </dd>
        </div>
        <div className={styles.wide}>
          <dt>Service centre</dt>
          <dd>
            {a.serviceCenter}, {a.centerSlot}
          </dd>
        </div>
        {a.assignedEmployeeName && (
          <div className={styles.wide}>
            <dt>Technician</dt>
            <dd>{a.assignedEmployeeName}</dd>
          </div>
        )}
        {isOngoing && (
          <>
            <div>
              <dt>Estimated time</dt>
              <dd>{formatMinutes(a.estimatedDuration)}</dd>
            </div>
            {a.ongoingStatus && (
              <div>
                <dt>Stage</dt>
                <dd>
                  <span className={cx(styles.stage, styles[a.ongoingStatus])}>{ongoingStatusLabel(a.ongoingStatus)}</span>
                </dd>
              </div>
            )}
          </>
        )}
      </dl>

      {isOngoing && a.progress !== undefined && <ProgressBar value={a.progress} label={`${name} progress`} />}

      {isUnassigned && onAssign && (
        <Button
          size="sm"
          fullWidth
          startIcon={<UserPlus aria-hidden="true" />}
          aria-describedby={`${nameId} ${plateId}`}
          data-assign-button=""
          onClick={() => onAssign(a)}
        >
          Assign Employee
        </Button>
      )}
    </Card>
  );
}

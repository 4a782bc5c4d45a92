import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CalendarClock, CalendarX, MapPin } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { Button } from '@/components/Button';
import { JobStatusBadge } from '../components/JobStatusBadge';
import { bayLabel, formatInstant, formatJobSlot, vehicleName } from '../format';
import { useGetCatalogQuery } from '../jobsApi';
import { customerStatusOf, jobStatusText } from '../labels';
import { CancelJobDialog } from './CancelJobDialog';
import { canChangeBooking } from './customerFilters';
import { LocationMap } from './LocationMap';
import { RescheduleJobDialog } from './RescheduleJobDialog';
import styles from './JobDetails.module.css';

/** What other domains add to a job's details, composed by the page: its report, and more below (its tracking link). */
export interface JobDetailsSlots {
  renderReport?: (job: Appointment) => ReactNode;
  renderExtras?: (job: Appointment) => ReactNode;
}

export interface JobDetailsProps extends JobDetailsSlots {
  job: Appointment;
  /** A change the customer made went through: `message` is announced by the dashboard. */
  onChanged: (message: string) => void;
}

function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.pair}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The detail panel of one job (spec §2 "Customer dashboard"); before the work starts, Cancel Appointment and
 * Reschedule, each behind a confirmation dialog. Render with `key={job.id}` so each job starts collapsed.
 */
export function JobDetails({ job, onChanged, renderReport, renderExtras }: JobDetailsProps) {
  const [showLocation, setShowLocation] = useState(false);
  const [dialog, setDialog] = useState<'cancel' | 'reschedule' | null>(null);
  const mapId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const name = vehicleName(job.vehicle);
  const changeable = canChangeBooking(job);
  // Reschedule offers the catalogue's slots: load them with the panel, so the dialog opens ready.
  useGetCatalogQuery(undefined, { skip: !changeable });

  // A closed dialog hands focus back to the button that opened it; when that button is gone (the job changed
  // meanwhile and can no longer be cancelled or moved), focus goes to this panel's heading instead of the page.
  const dialogWasOpen = useRef(false);
  useEffect(() => {
    if (dialog !== null) {
      dialogWasOpen.current = true;
      return;
    }
    if (dialogWasOpen.current && document.activeElement === document.body) headingRef.current?.focus();
    dialogWasOpen.current = false;
  }, [dialog]);

  return (
    <div className={styles.details}>
      <div className={styles.summary}>
        <h3 ref={headingRef} tabIndex={-1} className={styles.vehicle}>
          {name}
          {name !== job.vehicle.plate && (
            <>
              {' '}
              <span className={styles.number}>{job.vehicle.plate}</span>
            </>
          )}
        </h3>
        <p className={styles.type}>{job.serviceType.name}</p>
        <JobStatusBadge status={customerStatusOf(job)} />
      </div>
      <dl className={styles.values}>
        <Pair label="Service Centre">{job.center.name}</Pair>
        <Pair label="Centre Slot">{`${bayLabel(job.bay)} · ${job.slotLabel}`}</Pair>
        <Pair label="Start Date">
          {job.startedAt ? <time dateTime={job.startedAt}>{formatInstant(job.startedAt)}</time> : <time dateTime={job.date}>{formatJobSlot(job)}</time>}
        </Pair>
        <Pair label="Estimated Completion">
          {job.estimatedCompletion ? (
            <time dateTime={job.estimatedCompletion}>{formatInstant(job.estimatedCompletion)}</time>
          ) : job.status === 'CANCELLED' ? (
            'Cancelled'
          ) : (
            'Not started yet'
          )}
        </Pair>
        {job.completedAt && (
          <Pair label="Completed">
            <time dateTime={job.completedAt}>{formatInstant(job.completedAt)}</time>
          </Pair>
        )}
        <Pair label="Assigned Employee">{job.assignedEmployee?.fullName ?? 'Not assigned yet'}</Pair>
        <Pair label="Status">{jobStatusText(job)}</Pair>
      </dl>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          startIcon={<MapPin aria-hidden="true" />}
          aria-expanded={showLocation}
          aria-controls={mapId}
          onClick={() => setShowLocation((shown) => !shown)}
        >
          {showLocation ? 'Hide Location' : 'Show Location'}
        </Button>
        {changeable && (
          <>
            <Button variant="secondary" startIcon={<CalendarClock aria-hidden="true" />} onClick={() => setDialog('reschedule')}>
              Reschedule
            </Button>
            <Button variant="danger" startIcon={<CalendarX aria-hidden="true" />} onClick={() => setDialog('cancel')}>
              Cancel Appointment
            </Button>
          </>
        )}
      </div>
      <div id={mapId} hidden={!showLocation} className={styles.map}>
        {showLocation && <LocationMap place={job.center.name} address={job.center.address} />}
      </div>
      {renderReport && <div className={styles.report}>{renderReport(job)}</div>}
      {renderExtras?.(job)}
      {dialog === 'cancel' && (
        <CancelJobDialog
          job={job}
          onClose={() => setDialog(null)}
          onCancelled={(cancelled) => {
            setDialog(null);
            onChanged(`Your appointment for ${cancelled.vehicle.plate} on ${formatJobSlot(cancelled)} was cancelled.`);
          }}
        />
      )}
      {dialog === 'reschedule' && (
        <RescheduleJobDialog
          job={job}
          onClose={() => setDialog(null)}
          onRescheduled={(moved) => {
            setDialog(null);
            onChanged(`Your appointment for ${moved.vehicle.plate} was moved to ${formatJobSlot(moved)}.`);
          }}
        />
      )}
    </div>
  );
}

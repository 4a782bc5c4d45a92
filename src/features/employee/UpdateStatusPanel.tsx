import { type FormEvent, useId, useState } from 'react';
import { addHours } from 'date-fns';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { Select } from '@/components/Select';
import { START_ESTIMATE_HOURS, serviceStatusUpdated } from '@/features/services/servicesSlice';
import type { EmployeeServiceJob, EmployeeServiceStatus } from '@/features/services/types';
import { notify } from '@/lib/dialogs';
import { STATUS_LABELS, STATUS_OPTIONS, formatDateTime, isEmployeeServiceStatus } from './serviceStatus';
import StatusBadge from './StatusBadge';
import styles from './Panel.module.css';

export interface UpdateStatusPanelProps {
  job: EmployeeServiceJob;
  onClose: () => void;
}

/**
 * Spec §4 "Employee service status": any status may be picked; Save is disabled while the choice equals the
 * current status. not_started → in_progress starts the job (start = now, estimated completion one hour later)
 * and announces "Service Started" with the new estimate; any other change announces
 * "Status updated to <label>" with the human label (e.g. "In Progress"). The panel then closes.
 */
export default function UpdateStatusPanel({ job, onClose }: UpdateStatusPanelProps) {
  const dispatch = useAppDispatch();
  const formId = useId();
  const [status, setStatus] = useState<EmployeeServiceStatus>(job.status);
  const unchanged = status === job.status;
  const starting = job.status === 'not_started' && status === 'in_progress';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (unchanged) return;
    const now = new Date();
    dispatch(serviceStatusUpdated({ id: job.id, status, now: now.toISOString() }));
    if (starting) {
      notify(`Service Started\nEstimated completion: ${formatDateTime(addHours(now, START_ESTIMATE_HOURS))}`);
    } else {
      notify(`Status updated to ${STATUS_LABELS[status]}`);
    }
    onClose();
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Update Status"
      description={`${job.vehicleName} (${job.vehicleNumber}) · ${job.customerName}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={unchanged}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={handleSubmit} noValidate>
        <p className={styles.current}>
          Current status: <StatusBadge status={job.status} />
        </p>
        <Select
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => {
            if (isEmployeeServiceStatus(event.target.value)) setStatus(event.target.value);
          }}
          hint={
            starting
              ? `Starting the job sets its start to now and its estimated completion ${START_ESTIMATE_HOURS} hour later.`
              : undefined
          }
        />
      </form>
    </Modal>
  );
}

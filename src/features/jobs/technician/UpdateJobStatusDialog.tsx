import { type FormEvent, useId, useState } from 'react';
import type { Appointment, UpdateStatusBody } from '@contract/appointments';
import type { Stage, TechnicianStatus } from '@contract/statuses';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { Select } from '@/components/Select';
import { formatInstant } from '../format';
import { useUpdateJobStatusMutation } from '../jobsApi';
import { notify } from '@/lib/dialogs';
import styles from '@/components/DialogForm.module.css';
import { JobStatusBadge } from '../components/JobStatusBadge';
import { STAGE_LABELS, TECHNICIAN_STATUS_LABELS, technicianStatusOf } from '../labels';
import { vehicleLine } from './technicianJobs';
import { STAGE_OPTIONS, STATUS_OPTIONS, isStage, isTechnicianStatus } from './technicianStatus';

export interface UpdateJobStatusDialogProps {
  job: Appointment;
  onClose: () => void;
  /** When given, the change is handed to it instead of being sent (offline: the page queues it), and the panel closes. */
  onQueue?: (body: UpdateStatusBody) => void;
}

/** The alert after a saved change (spec §4), from the server's answer. */
export function statusChangeMessage(from: TechnicianStatus, to: TechnicianStatus, saved: Appointment): string {
  if (from === 'not_started' && to === 'in_progress') {
    return saved.estimatedCompletion ? `Service Started\nEstimated completion: ${formatInstant(saved.estimatedCompletion)}` : 'Service Started';
  }
  if (from === to && to === 'in_progress' && saved.stage) return `Status updated to ${STAGE_LABELS[saved.stage]}`;
  return `Status updated to ${TECHNICIAN_STATUS_LABELS[to]}`;
}

/**
 * Sends the job's version, so a job changed elsewhere is refused (409); the panel then stays open and the lists
 * refetch, so a retry uses the fresh job.
 */
/** The server's own stage, shown (not chosen) while the customer decides on extra work. */
const STAGE_OPTIONS_AWAITING_APPROVAL = [...STAGE_OPTIONS, { value: 'AWAITING_APPROVAL', label: STAGE_LABELS.AWAITING_APPROVAL, disabled: true }];

export function UpdateJobStatusDialog({ job, onClose, onQueue }: UpdateJobStatusDialogProps) {
  const formId = useId();
  const current = technicianStatusOf(job);
  const currentStage: Stage | null = job.status === 'IN_PROGRESS' ? (job.stage ?? 'IN_PROGRESS') : null;
  const [status, setStatus] = useState<TechnicianStatus>(current);
  const [stage, setStage] = useState<Stage>(currentStage ?? 'IN_PROGRESS');
  const [serverError, setServerError] = useState<string | null>(null);
  const [updateStatus, { isLoading: saving }] = useUpdateJobStatusMutation();
  const inProgress = status === 'in_progress';
  const unchanged = status === current && (!inProgress || stage === currentStage);
  const starting = current === 'not_started' && inProgress;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (unchanged || saving) return;
    setServerError(null);
    const body: UpdateStatusBody = { status, ...(inProgress && stage !== 'AWAITING_APPROVAL' && { stage }), expectedVersion: job.version };
    if (onQueue) {
      onQueue(body);
      onClose();
      return;
    }
    try {
      const saved = await updateStatus({ id: job.id, ...body }).unwrap();
      notify(statusChangeMessage(current, status, saved));
      onClose();
    } catch (error) {
      setServerError(messageOf(error));
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title="Update Status"
      description={`${vehicleLine(job)} · ${job.customer.fullName}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={unchanged} loading={saving}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={handleSubmit} noValidate>
        <p className={styles.current}>
          Current status: <JobStatusBadge status={current} />
          {currentStage && currentStage !== 'IN_PROGRESS' && <span>({STAGE_LABELS[currentStage]})</span>}
        </p>
        <Select
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => {
            if (isTechnicianStatus(event.target.value)) setStatus(event.target.value);
            setServerError(null);
          }}
          hint={starting ? 'Starting the job sets its start to now and its estimated completion one hour later.' : undefined}
        />
        {inProgress && (
          <Select
            label="Stage"
            options={currentStage === 'AWAITING_APPROVAL' ? STAGE_OPTIONS_AWAITING_APPROVAL : STAGE_OPTIONS}
            hint={stage === 'AWAITING_APPROVAL' ? 'Set by the shop while the customer decides on extra work.' : undefined}
            value={stage}
            onChange={(event) => {
              if (isStage(event.target.value)) setStage(event.target.value);
              setServerError(null);
            }}
          />
        )}
        {serverError && <Alert variant="error">{serverError}</Alert>}
      </form>
    </Modal>
  );
}

import { useRef, useState } from 'react';
import type { Appointment } from '@contract/appointments';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { formatJobSlot, vehicleName } from '../format';
import { useCancelJobMutation } from '../jobsApi';
import styles from './JobDetails.module.css';

export interface CancelJobDialogProps {
  job: Appointment;
  onClose: () => void;
  /** The server cancelled it; receives the cancelled appointment. */
  onCancelled: (job: Appointment) => void;
}

/**
 * Sends the version the customer was looking at, so a job changed meanwhile is refused (409) rather than cancelled
 * blind. Mount it only while open.
 */
export function CancelJobDialog({ job, onClose, onCancelled }: CancelJobDialogProps) {
  const [cancelJob, { isLoading }] = useCancelJobMutation();
  const [error, setError] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    setError(null);
    try {
      onCancelled(await cancelJob({ id: job.id, expectedVersion: job.version }).unwrap());
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      initialFocusRef={keepRef}
      title="Cancel this appointment?"
      description={`${job.serviceType.name} for ${vehicleName(job.vehicle)} (${job.vehicle.plate}) on ${formatJobSlot(job)} at ${job.center.name}. The time slot is given up.`}
      footer={
        <>
          <Button ref={keepRef} variant="secondary" onClick={onClose}>
            Keep Appointment
          </Button>
          <Button variant="danger" loading={isLoading} onClick={() => void confirm()}>
            Confirm Cancellation
          </Button>
        </>
      }
    >
      {error && (
        <Alert variant="error" className={styles.dialogAlert}>
          {error}
        </Alert>
      )}
    </Modal>
  );
}

import { useId, useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { MAX_REVIEW_REASON_LENGTH } from '@contract/limits';
import type { ReviewedTimeLog } from '@contract/timeLogs';
import { isApiError, messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { TextArea } from '@/components/TextArea';
import { useRejectTimeLogMutation } from '../timesheetsApi';

export const REJECT_MESSAGES = {
  reasonRequired: 'Please enter a reason',
  reasonTooLong: `Reason must be at most ${MAX_REVIEW_REASON_LENGTH} characters long`,
} as const;

export const rejectSchema = yup.object({
  reason: yup.string().trim().required(REJECT_MESSAGES.reasonRequired).max(MAX_REVIEW_REASON_LENGTH, REJECT_MESSAGES.reasonTooLong),
});
export type RejectValues = yup.InferType<typeof rejectSchema>;

export interface RejectTarget {
  log: ReviewedTimeLog;
  /** e.g. "Nimal Perera · Mon, Jun 3, 09:00–10:30 · 1h 30m". */
  summary: string;
}

export interface RejectLogDialogProps {
  target: RejectTarget;
  onClose: () => void;
  /** The log was rejected. */
  onRejected: (target: RejectTarget) => void;
  /**
   * The server refused because the log changed meanwhile (409: edited, already reviewed) or is gone (404): the
   * dialog closes and the page shows why (the list refetches).
   */
  onStale: (message: string) => void;
}

/**
 * Reject a submitted time log with a reason the technician will read (required, at most 500 characters; validated
 * with react-hook-form and yup before anything is sent). Sends the version the admin saw (`expectedVersion`).
 */
export function RejectLogDialog({ target, onClose, onRejected, onStale }: RejectLogDialogProps) {
  const formId = useId();
  const [reject] = useRejectTimeLogMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RejectValues>({ resolver: yupResolver(rejectSchema), defaultValues: { reason: '' }, mode: 'onSubmit', reValidateMode: 'onChange' });

  async function onSubmit({ reason }: RejectValues) {
    setServerError(null);
    try {
      await reject({ id: target.log.id, expectedVersion: target.log.version, reason }).unwrap();
      onRejected(target);
    } catch (error) {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        onStale(messageOf(error));
        return;
      }
      const fieldMessage = isApiError(error) ? error.errors?.reason : undefined;
      if (fieldMessage) setError('reason', { type: 'server', message: fieldMessage });
      setServerError(messageOf(error));
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Reject time log"
      description={target.summary}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={isSubmitting}>
            Reject log
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <TextArea
          label="Reason"
          hint="The technician sees this reason with the log."
          rows={4}
          maxLength={MAX_REVIEW_REASON_LENGTH}
          error={errors.reason?.message}
          {...register('reason')}
        />
        {serverError && <Alert variant="error">{serverError}</Alert>}
      </form>
    </Modal>
  );
}

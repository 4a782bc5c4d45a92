import { type BaseSyntheticEvent, type ReactNode, useId } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import styles from './DialogForm.module.css';

export interface FormDialogProps {
  title: string;
  /** What the dialog is about, under its title: the part ("OIL-5W30 · Engine oil 5W-30"), the invoice. */
  description?: string;
  submitLabel: string;
  submitting: boolean;
  /** What the server said when it refused and no field took it (a 409, a network error), or null. */
  failure: string | null;
  onSubmit: (event: BaseSyntheticEvent) => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A form in a dialog (the inventory's and billing's): the shared Modal (focus moves in, is trapped, returns to the
 * opener), a form checked before it is sent, the server's refusal as a banner inside, and Cancel / submit in the footer.
 */
export function FormDialog({ title, description, submitLabel, submitting, failure, onSubmit, onClose, children }: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} noValidate onSubmit={onSubmit}>
        {failure && <Alert variant="error">{failure}</Alert>}
        {children}
      </form>
    </Modal>
  );
}

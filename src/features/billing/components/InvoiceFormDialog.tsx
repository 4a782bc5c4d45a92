import { type BaseSyntheticEvent, type ReactNode, useId } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import styles from './Invoices.module.css';

export interface InvoiceFormDialogProps {
  title: string;
  /** Which invoice the dialog is for. */
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
 * The billing's form dialogs: the shared Modal (focus moves in, is trapped, returns to the opener), a form checked
 * before it is sent, the server's refusal as a banner inside, and Cancel / submit in the footer.
 */
export function InvoiceFormDialog({ title, description, submitLabel, submitting, failure, onSubmit, onClose, children }: InvoiceFormDialogProps) {
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
      <form id={formId} className={styles.dialogForm} noValidate onSubmit={onSubmit}>
        {failure && <Alert variant="error">{failure}</Alert>}
        {children}
      </form>
    </Modal>
  );
}

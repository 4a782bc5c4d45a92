import { useEffect, useRef } from 'react';
import { Download } from 'lucide-react';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { useDownloadJobInvoiceMutation } from '../billingApi';
import styles from './Billing.module.css';

export const DOWNLOAD_INVOICE = 'Download Invoice';
export const PREPARING_INVOICE = 'Preparing invoice…';
export const INVOICE_FAILED = 'The invoice could not be downloaded. Please try again.';

/**
 * The invoice's PDF, fetched with the session's token in a header (never a URL) and saved under the server's file
 * name. A failure shows the server's message; focus comes back to the button after the wait.
 */
export function DownloadInvoiceButton({ invoice }: { invoice: { id: string; number: string } }) {
  const [download, { isLoading, isError, isSuccess, data, error, reset }] = useDownloadJobInvoiceMutation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);

  useEffect(() => {
    if (wasBusy.current && !isLoading && document.activeElement === document.body) buttonRef.current?.focus();
    wasBusy.current = isLoading;
  }, [isLoading]);

  const label = isLoading ? PREPARING_INVOICE : DOWNLOAD_INVOICE;
  return (
    <div className={styles.download}>
      <Button
        ref={buttonRef}
        variant="secondary"
        size="sm"
        loading={isLoading}
        startIcon={<Download aria-hidden="true" />}
        aria-label={`${label}, ${invoice.number}`}
        onClick={() => {
          reset();
          void download({ id: invoice.id, number: invoice.number });
        }}
      >
        {label}
      </Button>
      <p className="visually-hidden" role="status">
        {isSuccess && data ? `Invoice downloaded: ${data.fileName}` : ''}
      </p>
      {isError && (
        <Alert variant="error" onDismiss={reset}>
          {messageOf(error, INVOICE_FAILED)}
        </Alert>
      )}
    </div>
  );
}

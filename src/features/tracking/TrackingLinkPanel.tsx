import { useEffect, useId, useRef, useState } from 'react';
import { Copy, Link2, RefreshCw } from 'lucide-react';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { Modal } from '@/components/Modal';
import { formatInstant } from '@/features/jobs';
import { trackingUrl, useGetTrackingLinkQuery, useRevokeTrackingLinkMutation } from './trackingApi';
import styles from './TrackingLinkPanel.module.css';

export interface TrackingLinkPanelProps {
  jobId: string;
  /** Offer "Revoke link" (the job detail; the booking confirmation only shows and copies it). */
  revocable?: boolean;
}

const COPIED = 'Link copied to the clipboard.';
const COPY_FAILED = 'Could not copy the link. Select it and copy it yourself.';

/** The link goes nowhere but the clipboard; revoking asks first, since the old link stops working at once. */
export function TrackingLinkPanel({ jobId, revocable = false }: TrackingLinkPanelProps) {
  const headingId = useId();
  const { data: link, error, isLoading, refetch } = useGetTrackingLinkQuery(jobId);
  const [revoke, { isLoading: revoking }] = useRevokeTrackingLinkMutation();
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const revokeButtonRef = useRef<HTMLButtonElement>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  const announce = (message: string) => {
    clearTimeout(noticeTimer.current);
    setNotice(message);
    noticeTimer.current = setTimeout(() => setNotice(''), 5000);
  };

  const url = link ? trackingUrl(link) : '';
  const [openedAt] = useState(() => Date.now());
  const expired = link?.expiresAt != null && new Date(link.expiresAt).getTime() <= openedAt;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      announce(COPIED);
    } catch {
      announce(COPY_FAILED);
    }
  };

  const confirmRevoke = async () => {
    setRevokeError(null);
    try {
      await revoke(jobId).unwrap();
      setConfirming(false);
      announce('The old link no longer works. A new link is shown.');
      revokeButtonRef.current?.focus();
    } catch (failure) {
      setRevokeError(messageOf(failure));
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.heading}>
        <Link2 aria-hidden="true" className={styles.icon} /> Tracking link
      </h4>
      <DataState
        isLoading={isLoading}
        error={error && !link ? messageOf(error) : null}
        onRetry={() => void refetch()}
        loadingLabel="Loading the tracking link"
      >
        {link && (
          <>
            <p className={styles.help}>Anyone with this link can follow this job&apos;s progress without signing in. It shows no contact details.</p>
            <a className={styles.url} href={link.path} target="_blank" rel="noreferrer noopener">
              {url}
            </a>
            {link.expiresAt && (
              <p className={styles.help}>
                {expired ? 'Expired on ' : 'Works until '}
                <time dateTime={link.expiresAt}>{formatInstant(link.expiresAt)}</time>
              </p>
            )}
            <div className={styles.actions}>
              <Button variant="secondary" size="sm" startIcon={<Copy aria-hidden="true" />} onClick={() => void copy()}>
                Copy link
              </Button>
              {revocable && (
                <Button ref={revokeButtonRef} variant="ghost" size="sm" startIcon={<RefreshCw aria-hidden="true" />} onClick={() => setConfirming(true)}>
                  Revoke link
                </Button>
              )}
            </div>
          </>
        )}
      </DataState>
      <p role="status" aria-live="polite" className={styles.notice}>
        {notice}
      </p>
      {confirming && (
        <Modal
          open
          size="sm"
          initialFocusRef={keepRef}
          onClose={() => setConfirming(false)}
          title="Revoke this tracking link?"
          description="The current link stops working at once for everyone who has it. A new link is made for you to share."
          footer={
            <>
              <Button ref={keepRef} variant="secondary" onClick={() => setConfirming(false)}>
                Keep Link
              </Button>
              <Button variant="danger" loading={revoking} onClick={() => void confirmRevoke()}>
                Revoke Link
              </Button>
            </>
          }
        >
          {revokeError && <Alert variant="error">{revokeError}</Alert>}
        </Modal>
      )}
    </section>
  );
}

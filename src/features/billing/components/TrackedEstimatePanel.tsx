import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { EstimateItem, TrackedEstimate } from '@contract/billing';
import type { Decision } from '@contract/billingTerms';
import { messageOf } from '@/api/errors';
import { useRowAction } from '@/api/useRowAction';
import { Alert } from '@/components/Alert';
import { DataState } from '@/components/DataState';
import { decideTrackedItem, fetchTrackedEstimate } from '../trackedEstimate';
import { BillingTotals } from './BillingTotals';
import { EstimateItems } from './EstimateItems';
import { awaitingText, DECIDED, keepFocus } from './billingText';
import styles from './Billing.module.css';

export interface TrackedEstimatePanelProps {
  token: string;
  /** Goes up each time the page reads the job again (a live event, a reconnection): the estimate is read again too. */
  refreshes: number;
}

type Read = { kind: 'loading' } | { kind: 'ok'; estimate: TrackedEstimate } | { kind: 'error'; message: string };

/**
 * The tracking link page's "Estimate": the extra work proposed on the job, with Approve and Decline on what awaits a
 * decision (channel LINK: the token allows this and nothing else), and the totals. Signed out: plain fetches, no
 * names, no links to signed-in pages. A refusal shows the server's message and the estimate is read again.
 */
export function TrackedEstimatePanel({ token, refreshes }: TrackedEstimatePanelProps) {
  const headingId = useId();
  const itemsHeadingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [read, setRead] = useState<Read>({ kind: 'loading' });
  const latest = useRef(0);
  const { pending, error: failure, announcement, run, setError } = useRowAction();

  const load = useCallback(() => {
    const request = ++latest.current;
    fetchTrackedEstimate(token).then(
      (estimate) => {
        if (request === latest.current) setRead({ kind: 'ok', estimate });
      },
      (error: unknown) => {
        // A failed refetch keeps what is shown; the page's stream reads again when it is back.
        if (request === latest.current) setRead((shown) => (shown.kind === 'ok' ? shown : { kind: 'error', message: messageOf(error) }));
      },
    );
  }, [token]);

  useEffect(() => {
    load();
  }, [load, refreshes]);

  const onDecide = (item: EstimateItem, decision: Decision) =>
    void run(item.id, async () => {
      try {
        const estimate = await decideTrackedItem(token, item.id, { decision, expectedVersion: item.version });
        latest.current++; // an older read in flight must not overwrite the answer
        setRead({ kind: 'ok', estimate });
        keepFocus(headingRef.current);
        return DECIDED[decision];
      } catch (error) {
        load();
        throw error;
      }
    });

  const estimate = read.kind === 'ok' ? read.estimate : null;
  const waiting = estimate?.items.filter((item) => item.status === 'PENDING').length ?? 0;

  return (
    <section aria-labelledby={headingId} className={styles.tracked}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.trackedHeading}>
        Estimate
      </h2>
      {failure && (
        <Alert variant="error" onDismiss={() => setError(null)}>
          {failure}
        </Alert>
      )}
      <p role="status" aria-live="polite" className={styles.announcement}>
        {announcement}
      </p>
      <DataState isLoading={read.kind === 'loading'} error={read.kind === 'error' ? read.message : null} onRetry={load} loadingLabel="Loading the estimate">
        {estimate && (
          <>
            {estimate.items.length === 0 ? (
              <p className={styles.empty}>No extra work has been proposed.</p>
            ) : (
              <>
                <h3 id={itemsHeadingId} className={styles.subheading}>
                  Extra work
                </h3>
                {waiting > 0 && <p className={styles.waiting}>{awaitingText(waiting)}</p>}
                <EstimateItems items={estimate.items} viewer="customer" onDecide={onDecide} busyId={pending} labelledBy={itemsHeadingId} />
              </>
            )}
            <BillingTotals subtotalMinor={estimate.subtotalMinor} taxMinor={estimate.taxMinor} totalMinor={estimate.totalMinor} />
          </>
        )}
      </DataState>
    </section>
  );
}

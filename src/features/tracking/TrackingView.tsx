import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CarFront, Link2Off, WifiOff } from 'lucide-react';
import type { TrackedJob } from '@contract/tracking';
import type { StreamControl } from '@contract/live';
import { apiUrl } from '@/api/url';
import { DataState } from '@/components/DataState';
import { formatCalendarDate, formatInstant, formatPrice, jobStatusText } from '@/features/jobs';
import { STREAM_IDLE_TIMEOUT_MS, openEventStream } from '@/lib/eventStream';
import { fetchTrackedJob, trackPath, type TrackedJobResult } from './trackedJob';
import styles from './TrackingView.module.css';

/** contract/live.ts's control events this page acts on (its constants are server code: only the type is imported). */
const RESYNC: StreamControl = 'resync';
const SESSION_ENDED: StreamControl = 'session-ended';

type PageState = { kind: 'loading' } | TrackedJobResult;

/** What the page hands the sections other domains add (the billing's Estimate), composed by the route module. */
export interface TrackedSectionProps {
  token: string;
  /** Goes up each time the page reads the job again (a live event, a reconnection): read yours again too. */
  refreshes: number;
}

export interface TrackingViewProps {
  /** Sections below the job's facts, shown while the link works. */
  renderExtras?: (props: TrackedSectionProps) => ReactNode;
}

/**
 * Refetches on each event and on each reconnection, so nothing missed while the stream was down stays missed. A wrong,
 * revoked or expired link reads the same, because the server does not say which.
 */
export function TrackingView({ renderExtras }: TrackingViewProps = {}) {
  const { token = '' } = useParams();
  const [refreshes, setRefreshes] = useState(0);
  // What was read, and for which token (another token shows "loading" until its own answer arrives).
  const [read, setRead] = useState<{ token: string; state: PageState }>({ token, state: { kind: 'loading' } });
  const state: PageState = read.token === token ? read.state : { kind: 'loading' };
  const [paused, setPaused] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef<{ token: string; job: TrackedJob } | null>(null);
  const latestRequest = useRef(0);

  const load = useCallback(() => {
    const request = ++latestRequest.current;
    return fetchTrackedJob(token).then((result) => {
      if (request !== latestRequest.current) return; // a newer read is on its way
      const before = shown.current?.token === token ? shown.current.job : null;
      if (result.kind === 'ok') {
        if (before && jobStatusText(before) !== jobStatusText(result.job)) setAnnouncement(`Status changed: ${jobStatusText(result.job)}`);
        shown.current = { token, job: result.job };
        setRead({ token, state: result });
      } else if (result.kind === 'not-found' || before === null) {
        shown.current = null;
        setRead({ token, state: result });
      }
      // A failed refetch keeps what is shown: the stream's reconnection will refetch.
    });
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  // The stream's reads: the sections other domains add read theirs again with the job.
  const reload = useCallback(() => {
    setRefreshes((count) => count + 1);
    void load();
  }, [load]);

  const following = state.kind === 'ok';
  useEffect(() => {
    if (!following) return undefined;
    let opened = false;
    const stream = openEventStream({
      url: apiUrl(`${trackPath(token)}/events`),
      idleTimeoutMs: STREAM_IDLE_TIMEOUT_MS,
      onMessage(message) {
        if (message.type === 'appointment.updated' || message.type === 'job.billing.changed' || message.type === RESYNC) reload();
        else if (message.type === SESSION_ENDED) {
          stream.close();
          reload(); // the link was revoked or expired: the page says so
        }
      },
      onStatus(status) {
        if (status === 'open') {
          setPaused(false);
          if (opened) reload(); // back after a break: catch up on what happened meanwhile
          opened = true;
        } else if (status === 'down') setPaused(true);
      },
      onRefused(status) {
        if (status === 404) reload();
        return false;
      },
    });
    return () => stream.close();
  }, [following, token, reload]);

  return (
    <main className={styles.page}>
      <title>Track your service · CarCare</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <header className={styles.brand}>
        <Link to="/" className={styles.brandLink} referrerPolicy="no-referrer">
          <CarFront aria-hidden="true" className={styles.brandIcon} /> CarCare
        </Link>
      </header>
      <div className={styles.card}>
        <h1 className={styles.title}>Track your service</h1>
        <p role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
          {announcement}
        </p>
        {state.kind === 'not-found' ? (
          <div className={styles.notFound}>
            <Link2Off aria-hidden="true" className={styles.notFoundIcon} />
            <h2 className={styles.subtitle}>Tracking link not found</h2>
            <p>This link is wrong, was replaced by a new one, or has expired. Ask the workshop or the person who shared it for the current link.</p>
          </div>
        ) : (
          <DataState
            isLoading={state.kind === 'loading'}
            error={state.kind === 'error' ? state.message : null}
            onRetry={() => void load()}
            loadingLabel="Loading your service"
          >
            {state.kind === 'ok' && <TrackedJobView job={state.job} paused={paused} extras={renderExtras?.({ token, refreshes })} />}
          </DataState>
        )}
      </div>
    </main>
  );
}

function TrackedJobView({ job, paused, extras }: { job: TrackedJob; paused: boolean; extras?: ReactNode }) {
  return (
    <>
      {paused && (
        <p role="status" className={styles.paused}>
          <WifiOff aria-hidden="true" className={styles.pausedIcon} /> Live updates paused — reconnecting…
        </p>
      )}
      <p className={styles.status}>
        <span className={styles.statusLabel}>Status</span> <strong>{jobStatusText(job)}</strong>
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Vehicle</dt>
          <dd className={styles.plate}>{job.plate}</dd>
        </div>
        <div>
          <dt>Service</dt>
          <dd>{job.service}</dd>
        </div>
        <div>
          <dt>Service centre</dt>
          <dd>{job.centre}</dd>
        </div>
        <div>
          <dt>Booked for</dt>
          <dd>
            <time dateTime={job.date}>{formatCalendarDate(job.date)}</time> · {job.slotLabel}
          </dd>
        </div>
        <div>
          <dt>Technician</dt>
          <dd>{job.technicianFirstName ?? 'Not assigned yet'}</dd>
        </div>
        <div>
          <dt>{job.status === 'COMPLETED' ? 'Completed' : 'Estimated completion'}</dt>
          <dd>{job.estimate.completion ? <time dateTime={job.estimate.completion}>{formatInstant(job.estimate.completion)}</time> : 'None'}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(job.estimate.price)}</dd>
        </div>
      </dl>
      {extras}
      <h2 className={styles.subtitle}>Timeline</h2>
      <ol className={styles.timeline} aria-label="Timeline">
        {job.timeline.map((entry, index) => (
          <li key={`${entry.event}-${entry.at}-${index}`} className={styles.step}>
            <span className={styles.stepLabel}>{entry.label}</span>
            <time dateTime={entry.at} className={styles.stepTime}>
              {formatInstant(entry.at)}
            </time>
          </li>
        ))}
      </ol>
    </>
  );
}

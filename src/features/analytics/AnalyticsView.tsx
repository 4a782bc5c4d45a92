import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import type { Analytics, AnalyticsPeriod } from '@contract/analytics';
import { messageOf } from '@/api/errors';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { saveFile } from '@/lib/saveFile';
import { formatMoney, toDecimal } from '@/features/jobs';
import { analyticsCsv, csvFileName } from './csv';
import { DEFAULT_PERIOD, formatCount, formatDay, formatDuration, formatHours, formatPercent, PERIOD_LABEL, PERIODS, STATUS_LABEL } from './format';
import { useGetAnalyticsQuery } from './analyticsApi';
import styles from './AnalyticsView.module.css';

// Chart.js loads with the first chart, in a chunk of its own: never with the admin board or any other page.
const BarChart = lazy(() => import(/* webpackChunkName: "analytics-charts" */ './BarChart'));

interface ChartFigureProps {
  title: string;
  /** What the chart shows, for screen readers (the chart itself is a picture). */
  summary: string;
  labels: readonly string[];
  values: readonly number[];
  seriesLabel: string;
  /** The data table that follows the chart (visually hidden). */
  table: ReactNode;
}

/** A chart as a picture with a text summary, followed by its data as a table for screen readers. */
function ChartFigure({ title, summary, labels, values, seriesLabel, table }: ChartFigureProps) {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {title}
      </h2>
      <div role="img" aria-label={summary} className={styles.chart}>
        <Suspense fallback={null}>
          <BarChart labels={labels} values={values} seriesLabel={seriesLabel} />
        </Suspense>
      </div>
      {table}
    </section>
  );
}

function DataTable({ caption, headers, rows }: { caption: string; headers: readonly string[]; rows: readonly (readonly (string | number)[])[] }) {
  return (
    // Hidden by a wrapping block: a table box ignores `overflow`, so hidden directly it would still widen the page.
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest]) => (
            <tr key={String(first)}>
              <th scope="row">{first}</th>
              {rest.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function isEmpty(data: Analytics): boolean {
  const { totals } = data;
  return totals.bookings === 0 && totals.completedJobs === 0 && totals.loggedMinutes === 0 && data.technicians.length === 0;
}

function Charts({ data }: { data: Analytics }) {
  const figures = useMemo(() => {
    const { from, to } = data.period;
    const days = data.bookingsPerDay;
    const busiest = days.reduce((best, d) => (d.bookings > best.bookings ? d : best), days[0]);
    const booked = data.totals.bookings;
    const list = (pairs: [string, string][]) => pairs.map(([label, value]) => `${label} ${value}`).join(', ');
    return {
      perDay: {
        labels: days.map((d) => formatDay(d.date)),
        values: days.map((d) => d.bookings),
        summary:
          `Bar chart of bookings per day from ${formatDay(from, true)} to ${formatDay(to, true)}: ` +
          (booked === 0 ? 'no bookings.' : `${formatCount(booked)} in all; the busiest day ${formatDay(busiest.date, true)} with ${formatCount(busiest.bookings)}.`),
        rows: days.map((d) => [formatDay(d.date, true), d.bookings] as const),
      },
      status: {
        labels: data.byStatus.map((s) => STATUS_LABEL[s.status]),
        values: data.byStatus.map((s) => s.jobs),
        summary: `Bar chart of the ${formatCount(booked)} jobs booked in the period by status now: ${list(data.byStatus.map((s) => [STATUS_LABEL[s.status], formatCount(s.jobs)]))}.`,
        rows: data.byStatus.map((s) => [STATUS_LABEL[s.status], s.jobs] as const),
      },
      types: {
        labels: data.byServiceType.map((t) => t.name),
        values: data.byServiceType.map((t) => t.bookings),
        summary: `Bar chart of the jobs booked in the period by service type: ${list(data.byServiceType.map((t) => [t.name, formatCount(t.bookings)]))}.`,
        rows: data.byServiceType.map((t) => [t.name, t.bookings] as const),
      },
      invoiced: {
        labels: data.byServiceType.map((t) => t.name),
        // The chart's axis in currency units; the summary and the table in money.
        values: data.byServiceType.map((t) => Number(toDecimal(t.invoicedMinor))),
        summary:
          `Bar chart of the amounts invoiced in the period by service type, ${formatMoney(data.totals.invoicedMinor)} in all: ` +
          `${list(data.byServiceType.map((t) => [t.name, formatMoney(t.invoicedMinor)]))}.`,
        rows: data.byServiceType.map((t) => [t.name, t.completedJobs, formatMoney(t.invoicedMinor)] as const),
      },
    };
  }, [data]);

  return (
    <div className={styles.charts}>
      <ChartFigure
        title="Bookings per day"
        summary={figures.perDay.summary}
        labels={figures.perDay.labels}
        values={figures.perDay.values}
        seriesLabel="Bookings"
        table={<DataTable caption="Bookings per day" headers={['Date', 'Bookings']} rows={figures.perDay.rows} />}
      />
      <ChartFigure
        title="Jobs by status"
        summary={figures.status.summary}
        labels={figures.status.labels}
        values={figures.status.values}
        seriesLabel="Jobs"
        table={<DataTable caption="Jobs booked in the period by status" headers={['Status', 'Jobs']} rows={figures.status.rows} />}
      />
      <ChartFigure
        title="Jobs by service type"
        summary={figures.types.summary}
        labels={figures.types.labels}
        values={figures.types.values}
        seriesLabel="Jobs"
        table={<DataTable caption="Jobs booked in the period by service type" headers={['Service type', 'Jobs']} rows={figures.types.rows} />}
      />
      <ChartFigure
        title="Invoiced by service type"
        summary={figures.invoiced.summary}
        labels={figures.invoiced.labels}
        values={figures.invoiced.values}
        seriesLabel="Invoiced"
        table={<DataTable caption="Invoiced in the period by service type" headers={['Service type', 'Jobs completed', 'Invoiced']} rows={figures.invoiced.rows} />}
      />
    </div>
  );
}

function Summary({ data }: { data: Analytics }) {
  const { totals } = data;
  const items: [string, string, string?][] = [
    ['Bookings', formatCount(totals.bookings)],
    ['Jobs completed', formatCount(totals.completedJobs)],
    ['Invoiced', formatMoney(totals.invoicedMinor)],
    ['Collected', formatMoney(totals.collectedMinor)],
    ['Hours logged', formatHours(totals.loggedMinutes)],
    ['Hours on jobs', formatHours(totals.jobMinutes), totals.loggedMinutes > 0 ? `${formatPercent(totals.jobMinutes / totals.loggedMinutes)} of hours logged` : undefined],
  ];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Summary
      </h2>
      <dl className={styles.summary}>
        {items.map(([label, value, note]) => (
          <div key={label} className={styles.figure}>
            <dt className={styles.figureLabel}>{label}</dt>
            <dd className={styles.figureValue}>{value}</dd>
            {note && <dd className={styles.figureNote}>{note}</dd>}
          </div>
        ))}
      </dl>
      <ul className={styles.meanings} aria-label="What the figures mean">
        <li>Invoiced: the totals of the invoices issued in the period, tax included; void invoices are left out.</li>
        <li>Collected: the payments received in the period, by the date paid, deposits included.</li>
        <li>Efficiency: billed hours ÷ clocked hours.</li>
      </ul>
    </section>
  );
}

function Technicians({ data }: { data: Analytics }) {
  const headingId = useId();
  // One region, the table's scrolling box, named by the heading (not the card as well: one "Technicians" landmark).
  return (
    <div className={styles.card}>
      <h2 id={headingId} className={styles.cardTitle}>
        Technicians
      </h2>
      {data.technicians.length === 0 ? (
        <p className={styles.empty}>No technician completed a job or logged time in this period.</p>
      ) : (
        // A region that scrolls sideways on a phone: focusable, so a keyboard can scroll it (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus
        <div className={styles.tableScroll} role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className={styles.table}>
            <caption className="visually-hidden">Technicians: jobs completed by completion date, hours by the day logged</caption>
            <thead>
              <tr>
                <th scope="col">Technician</th>
                <th scope="col">Jobs completed</th>
                <th scope="col">Avg. start to completion</th>
                <th scope="col">Expected hours</th>
                <th scope="col">Billed hours</th>
                <th scope="col">Hours on completed jobs</th>
                <th scope="col">Efficiency</th>
                <th scope="col">Hours logged</th>
                <th scope="col">Hours on jobs</th>
                <th scope="col">Productivity</th>
              </tr>
            </thead>
            <tbody>
              {data.technicians.map((t) => (
                <tr key={t.id}>
                  <th scope="row">{t.fullName}</th>
                  <td>{formatCount(t.jobsCompleted)}</td>
                  <td>{t.averageCompletionMinutes === undefined ? '—' : formatDuration(t.averageCompletionMinutes)}</td>
                  <td>{formatHours(t.expectedMinutes)}</td>
                  <td>{formatHours(t.billedMinutes)}</td>
                  <td>{formatHours(t.completedJobMinutes)}</td>
                  <td>{t.efficiency === undefined ? '—' : formatPercent(t.efficiency)}</td>
                  <td>{formatHours(t.loggedMinutes)}</td>
                  <td>{formatHours(t.jobMinutes)}</td>
                  <td>{t.productivity === undefined ? '—' : formatPercent(t.productivity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Shared by /admin/analytics and the admin's /reports; each chart has a summary and a table for screen readers. */
export function AnalyticsView() {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_PERIOD);
  const { currentData: data, error, refetch } = useGetAnalyticsQuery(period);
  const [announcement, setAnnouncement] = useState('');
  const periodName = useId();

  function exportCsv() {
    if (!data) return;
    const fileName = csvFileName(data);
    saveFile(new Blob([analyticsCsv(data, period)], { type: 'text/csv;charset=utf-8' }), fileName);
    setAnnouncement(`Exported ${fileName}.`);
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Analytics</h1>
        <p className={styles.subtitle}>What the shop did in the chosen period, ending today in the shop&apos;s time zone.</p>
      </header>

      <div className={styles.toolbar}>
        <fieldset className={styles.periods}>
          <legend className="visually-hidden">Period</legend>
          {PERIODS.map((value) => (
            <label key={value} className={styles.period}>
              <input
                type="radio"
                name={periodName}
                value={value}
                checked={period === value}
                onChange={() => {
                  setAnnouncement('');
                  setPeriod(value);
                }}
              />
              <span>{PERIOD_LABEL[value]}</span>
            </label>
          ))}
        </fieldset>
        <Button variant="secondary" startIcon={<Download aria-hidden="true" />} disabled={!data} onClick={exportCsv}>
          Export CSV
        </Button>
      </div>

      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement || (data ? `Showing ${PERIOD_LABEL[period].toLowerCase()}: ${formatDay(data.period.from, true)} to ${formatDay(data.period.to, true)}.` : '')}
      </div>

      <DataState isLoading={data === undefined && error === undefined} error={error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading analytics">
        {data && (
          <>
            <p className={styles.range}>
              {formatDay(data.period.from, true)} – {formatDay(data.period.to, true)} ({data.period.timeZone})
            </p>
            {isEmpty(data) ? (
              <p className={styles.empty}>Nothing to show for the {PERIOD_LABEL[period].toLowerCase()}: no bookings, completed jobs or logged time.</p>
            ) : (
              <>
                <Summary data={data} />
                <Charts data={data} />
                <Technicians data={data} />
              </>
            )}
          </>
        )}
      </DataState>

      <details className={styles.definitions}>
        <summary>How these figures are counted</summary>
        <ul>
          <li>
            <strong>Bookings</strong>, <strong>jobs by status</strong> and <strong>jobs by service type</strong> count the appointments booked in the
            period (by the day they were made), each in its status now.
          </li>
          <li>
            <strong>Jobs completed</strong> count the jobs completed in the period.
          </li>
          <li>
            <strong>Invoiced</strong> adds up the totals, tax included, of the invoices issued in the period that are not void (by the service of their
            job in the chart); <strong>collected</strong> adds up the payments whose date paid falls in the period, deposits included.
          </li>
          <li>
            Each completed job is credited to the technician it was assigned to, on its completion day: <strong>average start to completion</strong>,{' '}
            <strong>expected hours</strong> (the catalogue duration), <strong>billed hours</strong> (approved labour: the catalogue duration plus the
            approved labour items&apos; hours) and <strong>hours on completed jobs</strong> (all time clocked on them); <strong>efficiency</strong> is
            billed hours ÷ clocked hours.
          </li>
          <li>
            <strong>Hours logged</strong> count each time log on the day it starts; <strong>productivity</strong> is hours on jobs ÷ hours logged.
            Rejected time logs count nowhere.
          </li>
        </ul>
      </details>
    </div>
  );
}

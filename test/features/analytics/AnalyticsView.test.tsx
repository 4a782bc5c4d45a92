import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { renderApp, signedIn } from '../../utils/renderWithProviders';
import { watchDownloads } from '../reports/reportTestUtils';
import { LAST_30, LAST_7, NOTHING_90, serveAnalytics } from './fixtures';

/**
 * The admin's analytics page (/admin/analytics, and the admin's /reports) against a stand-in GET /api/analytics.
 * jsdom has no canvas: the charts' drawing is left out here (getContext answers null, as where a canvas is not
 * supported); what a screen reader gets — each chart's summary and data table — is what these tests read.
 */

// The first render of a lazy page compiles its chunks under ts-jest: slow when suites run side by side.
jest.setTimeout(20_000);

const admin = () => ({ preloadedState: { auth: signedIn('ADMIN') } });
const FIRST_LOAD = { timeout: 5000 };

let getContext: jest.SpyInstance;

beforeEach(() => {
  getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
});

afterEach(() => {
  getContext.mockRestore();
});

/** The rows of a table as text, header row first. */
/** Text with the no-break space money is formatted with (Intl: "LKR\u00a047,000.00") read as a plain space. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => plain(cell.textContent)));
}

describe('/admin/analytics', () => {
  test('shows the last 30 days: the period, the summary figures, four charts with their summaries and data tables', async () => {
    const api = serveAnalytics({ '30': LAST_30 });
    renderApp('/admin/analytics', admin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Last 90 days' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Period' })).toBeInTheDocument();

    const summary = await screen.findByRole('region', { name: 'Summary' });
    const figures = within(summary)
      .getAllByRole('term')
      .map((term) => [term.textContent, plain(term.nextElementSibling?.textContent)]);
    expect(figures).toEqual([
      ['Bookings', '5'],
      ['Jobs completed', '3'],
      ['Invoiced', 'LKR 47,000.00'],
      ['Collected', 'LKR 25,500.00'],
      ['Hours logged', '7.3'],
      ['Hours on jobs', '5.8'],
    ]);
    expect(within(summary).getByText('79% of hours logged')).toBeInTheDocument();
    // What the money and efficiency mean, in plain words under the figures.
    expect(within(within(summary).getByRole('list', { name: 'What the figures mean' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Invoiced: the totals of the invoices issued in the period, tax included; void invoices are left out.',
      'Collected: the payments received in the period, by the date paid, deposits included.',
      'Efficiency: billed hours ÷ clocked hours.',
    ]);
    expect(screen.getByText('May 5, 2030 – Jun 3, 2030 (America/Chicago)')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Showing last 30 days: May 5, 2030 to Jun 3, 2030.');
    expect(api.periods).toEqual(['30']);

    const charts = screen.getAllByRole('img');
    expect(charts.map((chart) => plain(chart.getAttribute('aria-label')))).toEqual([
      'Bar chart of bookings per day from May 5, 2030 to Jun 3, 2030: 5 in all; the busiest day Jun 1, 2030 with 2.',
      'Bar chart of the 5 jobs booked in the period by status now: Pending 1, Confirmed 0, In Progress 1, Completed 2, Cancelled 1.',
      'Bar chart of the jobs booked in the period by service type: Full Service 1, Oil Change 1, Brake Inspection 0, Tire Rotation 1, Battery Check 1, Air Filter Replacement 1.',
      'Bar chart of the amounts invoiced in the period by service type, LKR 47,000.00 in all: Full Service LKR 29,500.00, Oil Change LKR 0.00, Brake Inspection LKR 12,500.00, Tire Rotation LKR 0.00, Battery Check LKR 0.00, Air Filter Replacement LKR 5,000.00.',
    ]);
    // Each chart is drawn by the lazily loaded chart code on its own canvas.
    await waitFor(() => expect(getContext).toHaveBeenCalledTimes(4));
    expect(getContext).toHaveBeenCalledWith('2d');
    for (const chart of charts) expect(chart.querySelector('canvas')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Bookings per day' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Jobs by status' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Jobs by service type' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Invoiced by service type' })).toBeInTheDocument();

    // The data tables that follow the charts.
    const perDay = rowsOf(screen.getByRole('table', { name: 'Bookings per day' }));
    expect(perDay).toHaveLength(31);
    expect(perDay[0]).toEqual(['Date', 'Bookings']);
    expect(perDay[1]).toEqual(['May 5, 2030', '0']);
    expect(perDay[28]).toEqual(['Jun 1, 2030', '2']);
    expect(perDay[30]).toEqual(['Jun 3, 2030', '0']);
    expect(rowsOf(screen.getByRole('table', { name: 'Jobs booked in the period by status' }))).toEqual([
      ['Status', 'Jobs'],
      ['Pending', '1'],
      ['Confirmed', '0'],
      ['In Progress', '1'],
      ['Completed', '2'],
      ['Cancelled', '1'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Jobs booked in the period by service type' }))[1]).toEqual(['Full Service', '1']);
    expect(rowsOf(screen.getByRole('table', { name: 'Invoiced in the period by service type' }))).toEqual([
      ['Service type', 'Jobs completed', 'Invoiced'],
      ['Full Service', '1', 'LKR 29,500.00'],
      ['Oil Change', '0', 'LKR 0.00'],
      ['Brake Inspection', '1', 'LKR 12,500.00'],
      ['Tire Rotation', '0', 'LKR 0.00'],
      ['Battery Check', '0', 'LKR 0.00'],
      ['Air Filter Replacement', '1', 'LKR 5,000.00'],
    ]);
  });

  test('the technicians table: jobs by completion date, hours by the day logged, efficiency and productivity; it scrolls by keyboard', async () => {
    serveAnalytics({ '30': LAST_30 });
    renderApp('/admin/analytics', admin());
    const region = await screen.findByRole('region', { name: 'Technicians' }, FIRST_LOAD);
    expect(region).toHaveAttribute('tabindex', '0');
    expect(rowsOf(within(region).getByRole('table'))).toEqual([
      ['Technician', 'Jobs completed', 'Avg. start to completion', 'Expected hours', 'Billed hours', 'Hours on completed jobs', 'Efficiency', 'Hours logged', 'Hours on jobs', 'Productivity'],
      ['Ann Able', '1', '11 h', '3.0', '4.5', '3.0', '150%', '4.0', '3.0', '75%'],
      ['Bob "Spanner" Baker, Jr.', '2', '25 h 15 min', '2.0', '2.3', '2.8', '82%', '3.3', '2.8', '85%'],
      ['Cy Newman', '0', '—', '0.0', '0.0', '0.0', '—', '0.0', '0.0', '—'],
    ]);
  });

  test('choosing another period asks for it and shows its figures', async () => {
    const api = serveAnalytics({ '30': LAST_30, '7': LAST_7 });
    const { user } = renderApp('/admin/analytics', admin());
    await screen.findByRole('region', { name: 'Summary' }, FIRST_LOAD);
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    await waitFor(() => expect(screen.getByText('May 28, 2030 – Jun 3, 2030 (America/Chicago)')).toBeInTheDocument());
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Showing last 7 days: May 28, 2030 to Jun 3, 2030.');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('LKR 34,500.00')).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Bookings per day' }))).toHaveLength(8);
    expect(api.periods).toEqual(['30', '7']);
    // The arrow keys move along the radio group, as on any radio group.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    expect(await screen.findByText('May 5, 2030 – Jun 3, 2030 (America/Chicago)')).toBeInTheDocument();
  });

  test('Export CSV downloads the same figures as a CSV file', async () => {
    serveAnalytics({ '30': LAST_30 });
    const downloads = watchDownloads();
    try {
      const { user } = renderApp('/admin/analytics', admin());
      await screen.findByRole('region', { name: 'Summary' }, FIRST_LOAD);
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(downloads.saved).toHaveLength(1);
      const [file] = downloads.saved;
      expect(file.download).toBe('carcare-analytics-2030-05-05-to-2030-06-03.csv');
      expect(file.blob.type).toBe('text/csv;charset=utf-8');
      const lines = (await file.blob.text()).split('\r\n');
      expect(lines.slice(0, 15)).toEqual([
        'CarCare analytics',
        'Period,Last 30 days',
        'From,2030-05-05',
        'To,2030-06-03',
        'Time zone,America/Chicago',
        '',
        'Summary,Value',
        'Bookings,5',
        'Completed jobs,3',
        'Invoiced (LKR),47000',
        'Collected (LKR),25500',
        'Hours logged,7.25',
        'Hours on jobs,5.75',
        '',
        'Date,Bookings',
      ]);
      expect(lines.slice(15, 45)).toEqual(LAST_30.bookingsPerDay.map((d) => `${d.date},${d.bookings}`));
      expect(lines.slice(45)).toEqual([
        '',
        'Status,Jobs',
        'Pending,1',
        'Confirmed,0',
        'In Progress,1',
        'Completed,2',
        'Cancelled,1',
        '',
        'Service type,Bookings,Completed jobs,Invoiced (LKR)',
        'Full Service,1,1,29500',
        'Oil Change,1,0,0',
        'Brake Inspection,0,1,12500',
        'Tire Rotation,1,0,0',
        'Battery Check,1,0,0',
        'Air Filter Replacement,1,1,5000',
        '',
        'Technician,Jobs completed,Average start to completion (minutes),Expected hours,Billed hours,Hours on completed jobs,Efficiency (%),Hours logged,Hours on jobs,Productivity (%)',
        'Ann Able,1,660,3,4.5,3,150,4,3,75',
        '"Bob ""Spanner"" Baker, Jr.",2,1515,2,2.25,2.75,81.8,3.25,2.75,84.6',
        'Cy Newman,0,,0,0,0,,0,0,',
        '',
      ]);
      expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Exported carcare-analytics-2030-05-05-to-2030-06-03.csv.');
    } finally {
      downloads.restore();
    }
  });

  test('a period with nothing in it says so, without charts', async () => {
    serveAnalytics({ '30': LAST_30, '90': NOTHING_90 });
    const { user } = renderApp('/admin/analytics', admin());
    await screen.findByRole('region', { name: 'Summary' }, FIRST_LOAD);
    await user.click(screen.getByRole('radio', { name: 'Last 90 days' }));
    expect(await screen.findByText('Nothing to show for the last 90 days: no bookings, completed jobs or logged time.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Technicians' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  test('while loading: a named spinner and no export', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(`${API}/analytics`, async () => {
        await answered;
        return HttpResponse.json(LAST_30);
      }),
    );
    renderApp('/admin/analytics', admin());
    expect(await screen.findByRole('status', { name: 'Loading analytics' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    answer();
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading analytics' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  test('a failed load: the message and Retry', async () => {
    serveAnalytics({ '30': 500 });
    const { user } = renderApp('/admin/analytics', admin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' }, FIRST_LOAD)).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong on our side. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    serveAnalytics({ '30': LAST_30 });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  test('explains how the figures are counted', async () => {
    serveAnalytics({ '30': LAST_30 });
    const { user } = renderApp('/admin/analytics', admin());
    await screen.findByRole('region', { name: 'Summary' }, FIRST_LOAD);
    await user.click(screen.getByText('How these figures are counted'));
    expect(screen.getByText(/count the appointments booked in the period \(by the day they were made\), each in its status now/)).toBeVisible();
    expect(screen.getByText(/Rejected time logs count nowhere/)).toBeVisible();
    expect(screen.getByText(/adds up the totals, tax included, of the invoices issued in the period that are not void/)).toBeVisible();
    expect(screen.getByText(/approved labour: the catalogue duration plus the approved labour items/)).toBeVisible();
  });
});

describe('/reports as an admin', () => {
  test('is the same analytics, inside the admin area', async () => {
    const api = serveAnalytics({ '30': LAST_30 });
    renderApp('/reports', admin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(4);
    expect(api.periods).toEqual(['30']);
  });
});

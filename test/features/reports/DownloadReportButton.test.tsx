import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CardReport } from '@/app/routes/admin/board';
import { JobCard } from '@/features/jobs/board/JobCard';
import { DownloadReportButton } from '@/features/reports/DownloadReportButton';
import { REVOKE_AFTER_MS } from '@/lib/saveFile';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { makeAppointment } from '../../msw/shop';
import { renderWithProviders, signedIn, storeSession } from '../../utils/renderWithProviders';
import { type Downloads, PDF_BYTES, serveReports, watchDownloads } from './reportTestUtils';

const job = makeAppointment({
  status: 'COMPLETED',
  vehicle: { id: 'v-1', plate: 'SP-5521', make: 'Suzuki', model: 'Swift' },
  date: '2099-01-10',
  completedAt: '2099-01-10T09:50:00.000Z',
});

let downloads: Downloads;

beforeEach(() => {
  downloads = watchDownloads();
});

afterEach(() => {
  downloads.restore();
});

function renderButton(role = 'CUSTOMER') {
  return renderWithProviders(<DownloadReportButton job={job} />, { preloadedState: { auth: signedIn(role) } });
}

describe('Download Report', () => {
  test('fetches the job’s PDF with the bearer token in the header and saves it under the server’s file name', async () => {
    const reports = serveReports({ fileName: () => 'carcare-report-SP-5521-2099-01-10.pdf' });
    const { user } = renderButton();

    await user.click(screen.getByRole('button', { name: 'Download Report' }));

    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(reports.requests).toEqual([{ id: job.id, url: `${API}/appointments/${job.id}/report`, authorization: 'Bearer access-token-1' }]);
    // The token travels in the header only, never in a URL.
    expect(reports.requests[0].url).not.toContain('access-token');
    const [file] = downloads.saved;
    expect(file.download).toBe('carcare-report-SP-5521-2099-01-10.pdf');
    expect(file.href).toBe('blob:http://localhost/report-1');
    expect(downloads.createObjectURL).toHaveBeenCalledTimes(1);
    expect(file.blob.type).toBe('application/pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(PDF_BYTES);
    // The link is gone again and its object URL is released shortly after.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(downloads.revokeObjectURL).toHaveBeenCalledWith(file.href), { timeout: REVOKE_AFTER_MS + 1000 });
    expect(screen.getByRole('status')).toHaveTextContent('Report downloaded: carcare-report-SP-5521-2099-01-10.pdf');
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeEnabled();
  });

  test('says “Preparing report…” and is busy until the PDF arrives', async () => {
    const reports = serveReports({ hold: true });
    const { user } = renderButton();

    await user.click(screen.getByRole('button', { name: 'Download Report' }));

    const busy = await screen.findByRole('button', { name: 'Preparing report…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(downloads.saved).toHaveLength(0);

    reports.release();
    const ready = await screen.findByRole('button', { name: 'Download Report' });
    expect(ready).toBeEnabled();
    expect(ready).not.toHaveAttribute('aria-busy');
    expect(downloads.saved).toHaveLength(1);
    // The button had focus when it was clicked, and has it again.
    expect(ready).toHaveFocus();
  });

  test('a failure shows an alert saying the report could not be prepared, and a new try clears it', async () => {
    serveReports({ status: 500 });
    const { user } = renderButton();

    await user.click(screen.getByRole('button', { name: 'Download Report' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The report could not be prepared. Please try again.');
    expect(downloads.createObjectURL).not.toHaveBeenCalled();
    expect(downloads.saved).toHaveLength(0);

    serveReports();
    await user.click(screen.getByRole('button', { name: 'Download Report' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a job the caller may not see (404) is a failure too, and the alert can be dismissed', async () => {
    serveReports({ status: 404, message: 'Appointment not found' });
    const { user } = renderButton();

    await user.click(screen.getByRole('button', { name: 'Download Report' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report could not be prepared. Please try again.');

    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('an expired access token is refreshed through the api and the download retried with the new one', async () => {
    const auth = signedIn('CUSTOMER');
    storeSession(auth);
    const authorizations: (string | null)[] = [];
    server.use(
      http.get(`${API}/appointments/:id/report`, ({ request }) => {
        const authorization = request.headers.get('authorization');
        authorizations.push(authorization);
        if (authorization !== 'Bearer access-token-2') return HttpResponse.json({ message: 'JWT token has expired', success: false }, { status: 401 });
        return new HttpResponse(PDF_BYTES, { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="carcare-report-SP-5521-2099-01-10.pdf"' } });
      }),
      http.post(`${API}/auth/refresh-token`, () => HttpResponse.json({ token: 'access-token-2', refreshToken: 'refresh-token-2', type: 'Bearer' })),
    );
    const { user } = renderWithProviders(<DownloadReportButton job={job} />, { preloadedState: { auth } });

    await user.click(screen.getByRole('button', { name: 'Download Report' }));

    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(authorizations).toEqual(['Bearer access-token-1', 'Bearer access-token-2']);
    expect(downloads.saved[0].download).toBe('carcare-report-SP-5521-2099-01-10.pdf');
  });
});

describe('Download Report on the admin board', () => {
  test('every card has one, named after its job, downloading that job’s report', async () => {
    const camry = makeAppointment({ status: 'PENDING', vehicle: { id: 'v-2', plate: 'CAB-1234', make: 'Toyota', model: 'Camry', year: 2020 } });
    const plateOnly = makeAppointment({ status: 'IN_PROGRESS', stage: 'IN_PROGRESS', vehicle: { id: 'v-3', plate: 'NB-3300' }, assignedEmployee: { id: 'e-1', fullName: 'Kasun Silva' } });
    const reports = serveReports();
    const { user } = renderWithProviders(
      <>
        <JobCard job={camry} column="unassigned" onAssign={() => undefined} footer={<CardReport job={camry} />} />
        <JobCard job={plateOnly} column="ongoing" footer={<CardReport job={plateOnly} />} />
      </>,
      { preloadedState: { auth: signedIn('ADMIN') } },
    );

    const camryCard = screen.getByRole('article', { name: 'Toyota Camry' });
    expect(within(camryCard).getByRole('button', { name: 'Download Report, Toyota Camry CAB-1234' })).toHaveTextContent('Download Report');
    const plateCard = screen.getByRole('article', { name: 'NB-3300' });
    expect(within(plateCard).getByRole('button', { name: 'Download Report, NB-3300' })).toHaveTextContent('Download Report');

    await user.click(within(plateCard).getByRole('button', { name: 'Download Report, NB-3300' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(reports.requests.map((request) => request.id)).toEqual([plateOnly.id]);
    expect(downloads.saved[0].download).toBe(`carcare-report-${plateOnly.id}.pdf`);

    // While it prepares, the name keeps the job and starts with what the button says.
    const held = serveReports({ hold: true });
    await user.click(within(camryCard).getByRole('button', { name: 'Download Report, Toyota Camry CAB-1234' }));
    expect(await within(camryCard).findByRole('button', { name: 'Preparing report…, Toyota Camry CAB-1234' })).toHaveTextContent('Preparing report…');
    held.release();
    await waitFor(() => expect(downloads.saved).toHaveLength(2));
  });
});

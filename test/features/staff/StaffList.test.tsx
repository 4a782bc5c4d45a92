import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { StaffMember } from '@contract/employees';
import { staffApi as employeesApi } from '@/features/staff/staffApi';
import { API } from '../../msw/handlers';
import { server } from '../../msw/server';
import { renderApp, signedIn } from '../../utils/renderWithProviders';

// The store's type knows no domain's tags (each domain adds its own), so the cache is read as the endpoint's.
const assignableIn = (state: unknown) => employeesApi.endpoints.getEmployees.select({})(state as never).data;

const admin = () => ({ preloadedState: { auth: signedIn('ADMIN') } });
const FIRST_LOAD = { timeout: 5000 };

function member(overrides: Partial<StaffMember> & Pick<StaffMember, 'id' | 'fullName'>): StaffMember {
  return {
    email: `${overrides.fullName.split(' ')[0].toLowerCase()}@carcare.test`,
    emailVerified: true,
    phoneNumber: '+94 77 000 0000',
    state: 'ACTIVE',
    registeredAt: '2026-11-01T08:00:00.000Z',
    jobsInProgress: 0,
    ...overrides,
  };
}

interface Sent {
  method: string;
  path: string;
}

/**
 * A stateful stand-in for the Staff endpoints (server/src/contract/employees.ts): GET /staff answers the current
 * list (pending first), approve / deactivate change it, unless `refuse` has a 409 message for that id.
 */
function staffServer(initial: StaffMember[], refuse: Record<string, string> = {}) {
  let staff = initial.map((entry) => ({ ...entry }));
  const sent: Sent[] = [];
  const rank = { PENDING: 0, ACTIVE: 1, DEACTIVATED: 2 } as const;
  const ordered = () => [...staff].sort((a, b) => rank[a.state] - rank[b.state] || a.fullName.localeCompare(b.fullName));
  const change = (id: string, state: StaffMember['state']) => {
    const current = staff.find((entry) => entry.id === id);
    if (!current) return HttpResponse.json({ message: 'Employee not found', success: false }, { status: 404 });
    if (refuse[id]) return HttpResponse.json({ message: refuse[id], success: false }, { status: 409 });
    const next = { ...current, state, ...(state === 'ACTIVE' && { approvedAt: '2026-11-20T10:00:00.000Z', approvedBy: 'Workshop Admin' }) };
    staff = staff.map((entry) => (entry.id === id ? next : entry));
    return HttpResponse.json(next);
  };
  server.use(
    http.get(`${API}/staff`, () => {
      sent.push({ method: 'GET', path: '/staff' });
      return HttpResponse.json(ordered());
    }),
    http.post(`${API}/employees/:id/approve`, ({ params }) => {
      sent.push({ method: 'POST', path: `/employees/${String(params.id)}/approve` });
      return change(String(params.id), 'ACTIVE');
    }),
    http.post(`${API}/employees/:id/deactivate`, ({ params }) => {
      sent.push({ method: 'POST', path: `/employees/${String(params.id)}/deactivate` });
      return change(String(params.id), 'DEACTIVATED');
    }),
  );
  return { sent, posts: () => sent.filter((request) => request.method === 'POST') };
}

const NIMAL = member({ id: 'e-nimal', fullName: 'Nimal Perera', department: 'Engine' });
const THARINDU = member({ id: 'e-tharindu', fullName: 'Tharindu Wickramasinghe', department: 'Diagnostics', state: 'PENDING', employeeId: 'EMP-004' });
const RUWAN = member({ id: 'e-ruwan', fullName: 'Ruwan Fernando', state: 'DEACTIVATED' });

/** The table row of a technician (its row header is their name). */
function rowOf(name: string): HTMLElement {
  return screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
}

async function renderStaff() {
  const result = renderApp('/admin/staff', admin());
  await screen.findByRole('heading', { level: 1, name: 'Staff' }, FIRST_LOAD);
  await screen.findByRole('table', {}, FIRST_LOAD);
  return result;
}

describe('Staff page (/admin/staff)', () => {
  test("links a technician's e-mail to that address only, however it was stored (no ?cc= or &body=)", async () => {
    const hostile = 'nimal@example.com?cc=boss@example.org&body=Approve%20me';
    staffServer([{ ...NIMAL, email: hostile }]);
    await renderStaff();
    const href = within(rowOf('Nimal Perera')).getByRole('link', { name: hostile }).getAttribute('href') ?? '';
    expect(href).not.toMatch(/[?&#]/);
    expect(decodeURIComponent(href)).toBe(`mailto:${hostile}`);
  });

  test("says beside each technician's e-mail whether it is verified", async () => {
    staffServer([NIMAL, { ...THARINDU, emailVerified: false }]);
    await renderStaff();
    const pending = rowOf('Tharindu Wickramasinghe');
    expect(within(pending).getByRole('img', { name: 'E-mail not verified' })).toHaveTextContent('Not verified');
    expect(within(pending).queryByRole('img', { name: 'E-mail verified' })).not.toBeInTheDocument();
    expect(within(rowOf('Nimal Perera')).getByRole('img', { name: 'E-mail verified' })).toHaveTextContent('Verified');
  });

  test('lists the technicians, pending first, with department, e-mail, state and actions named after the person', async () => {
    staffServer([NIMAL, THARINDU, RUWAN]);
    await renderStaff();
    const table = screen.getByRole('table', { name: 'Technicians, pending approval first' });
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.firstChild?.textContent);
    expect(names).toEqual(['Tharindu Wickramasinghe', 'Nimal Perera', 'Ruwan Fernando']);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Department', 'E-mail', 'Registered', 'State', 'Actions']);

    const pending = rowOf('Tharindu Wickramasinghe');
    expect(within(pending).getByText('Diagnostics')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'tharindu@carcare.test' })).toHaveAttribute('href', 'mailto:tharindu@carcare.test');
    expect(within(pending).getByText('Pending approval')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Approve Tharindu Wickramasinghe' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Deactivate Tharindu Wickramasinghe' })).toBeInTheDocument();

    const active = rowOf('Nimal Perera');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Deactivate Nimal Perera' })).toBeInTheDocument();

    const deactivated = rowOf('Ruwan Fernando');
    expect(within(deactivated).getByText('Deactivated')).toBeInTheDocument();
    expect(within(deactivated).getByText('—')).toBeInTheDocument();
    expect(within(deactivated).getByRole('button', { name: 'Approve Ruwan Fernando' })).toBeInTheDocument();
    expect(within(deactivated).queryByRole('button', { name: /^Deactivate/ })).not.toBeInTheDocument();
    expect(screen.getByText(/1 awaiting approval\./)).toBeInTheDocument();
  });

  test('Approve sends the request and the row becomes Active; the change is announced', async () => {
    const api = staffServer([NIMAL, THARINDU]);
    const { user } = await renderStaff();
    await user.click(screen.getByRole('button', { name: 'Approve Tharindu Wickramasinghe' }));
    expect(await screen.findByText('Approved Tharindu Wickramasinghe.')).toBeInTheDocument();
    expect(api.posts()).toEqual([{ method: 'POST', path: '/employees/e-tharindu/approve' }]);
    await waitFor(() => expect(within(rowOf('Tharindu Wickramasinghe')).getByText('Active')).toBeInTheDocument());
    expect(within(rowOf('Tharindu Wickramasinghe')).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').some((region) => region.textContent === 'Approved Tharindu Wickramasinghe.')).toBe(true);
  });

  test('approving refreshes the Assign Employee list (the employees query refetches)', async () => {
    staffServer([NIMAL, THARINDU]);
    let assignable: StaffMember[] = [NIMAL];
    let employeeRequests = 0;
    server.use(
      http.get(`${API}/employees`, () => {
        employeeRequests += 1;
        return HttpResponse.json(assignable.map(({ id, fullName, email, phoneNumber }) => ({ id, fullName, email, phoneNumber, currentWorkload: 0, availability: 'available' })));
      }),
    );
    const { user, store } = await renderStaff();
    const subscription = store.dispatch(employeesApi.endpoints.getEmployees.initiate({}));
    await waitFor(() => expect(assignableIn(store.getState())).toHaveLength(1));
    expect(employeeRequests).toBe(1);
    assignable = [NIMAL, THARINDU];
    await user.click(screen.getByRole('button', { name: 'Approve Tharindu Wickramasinghe' }));
    await waitFor(() => expect(assignableIn(store.getState())).toHaveLength(2));
    expect(employeeRequests).toBe(2);
    subscription.unsubscribe();
  });

  test('Deactivate asks first: Keep Account sends nothing; Confirm Deactivation deactivates', async () => {
    const api = staffServer([NIMAL, THARINDU]);
    const { user } = await renderStaff();
    await user.click(screen.getByRole('button', { name: 'Deactivate Nimal Perera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Nimal Perera?' });
    expect(dialog).toHaveAccessibleDescription(/can no longer sign in.*go back to Awaiting Assignment/);
    expect(within(dialog).getByRole('button', { name: 'Keep Account' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.posts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Deactivate Nimal Perera' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Deactivation' }));
    expect(await screen.findByText('Deactivated Nimal Perera.')).toBeInTheDocument();
    expect(api.posts()).toEqual([{ method: 'POST', path: '/employees/e-nimal/deactivate' }]);
    await waitFor(() => expect(within(rowOf('Nimal Perera')).getByText('Deactivated')).toBeInTheDocument());
    expect(within(rowOf('Nimal Perera')).getByRole('button', { name: 'Approve Nimal Perera' })).toBeInTheDocument();
  });

  test('a refusal (409) is shown beside that technician\'s row as an alert, and nothing changes', async () => {
    const message = 'Nimal Perera has 2 jobs in progress. Complete them before deactivating.';
    staffServer([NIMAL, THARINDU], { 'e-nimal': message });
    const { user } = await renderStaff();
    await user.click(screen.getByRole('button', { name: 'Deactivate Nimal Perera' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm Deactivation' }));
    const alert = await within(rowOf('Nimal Perera')).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(rowOf('Nimal Perera')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('Tharindu Wickramasinghe')).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('shows a loading state, then an empty state when nobody has registered', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get(`${API}/staff`, async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json([]);
      }),
    );
    renderApp('/admin/staff', admin());
    expect(await screen.findByRole('status', { name: 'Loading staff' }, FIRST_LOAD)).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await screen.findByText('No technicians have registered yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('a failed load offers Retry', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/staff`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'Internal server error', success: false }, { status: 500 }) : HttpResponse.json([THARINDU]);
      }),
    );
    const { user } = renderApp('/admin/staff', admin());
    await screen.findByRole('alert', {}, FIRST_LOAD);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Approve Tharindu Wickramasinghe' })).toBeInTheDocument();
  });
});

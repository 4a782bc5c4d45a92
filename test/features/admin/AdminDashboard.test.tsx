import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, type ProviderOptions } from '../../utils/renderWithProviders';

/** The first render of a lazy page compiles its chunk under ts-jest, which can take over a second when suites run in parallel. */
const FIRST_LOAD = { timeout: 5000 };

async function renderDashboard(preloadedState: ProviderOptions['preloadedState'] = { auth: signedIn('ADMIN') }) {
  const rendered = renderApp('/admin/dashboard', { preloadedState });
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, FIRST_LOAD);
  return rendered;
}

async function column(name: string) {
  return screen.findByRole('region', { name });
}

function cardTitles(region: HTMLElement) {
  return within(region)
    .queryAllByRole('article')
    .map((article) => within(article).getByRole('heading', { level: 3 }).textContent);
}

describe('Admin dashboard', () => {
  test('shows the heading and the fixed date text, not today', async () => {
    await renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const date = screen.getByText('October 25, 2025');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', '2025-10-25');
  });

  test('puts each appointment in its column, sorted by date', async () => {
    await renderDashboard();
    expect(cardTitles(await column('Upcoming Services'))).toEqual(['Honda Civic', 'Suzuki Swift', 'Mitsubishi Outlander']);
    expect(cardTitles(await column('Ongoing Services'))).toEqual(['Nissan X-Trail', 'Toyota Prius', 'BMW 320i']);
    expect(cardTitles(await column('Awaiting Assignment'))).toEqual(['Toyota Camry', 'Mazda 3', 'Kia Sportage']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Upcoming Services',
      'Ongoing Services',
      'Awaiting Assignment',
    ]);
  });

  test('every card shows the vehicle, customer, service centre, slot and date', async () => {
    await renderDashboard();
    const civic = within(await column('Upcoming Services')).getByRole('article', { name: 'Honda Civic' });
    for (const text of ['2019', 'CBA-5678', 'Amaya Wijesinghe', 'amaya.w@example.com', 'CarCare Colombo Central, Bay 2', 'Oct 27, 2025, 9:00 AM', 'Ruwan Fernando', 'CONFIRMED']) {
      expect(within(civic).getByText(text, { exact: false })).toBeInTheDocument();
    }
    expect(within(civic).getByRole('link', { name: 'amaya.w@example.com' })).toHaveAttribute('href', 'mailto:amaya.w@example.com');
    expect(within(civic).queryByRole('button')).not.toBeInTheDocument();

    const prius = within(await column('Ongoing Services')).getByRole('article', { name: 'Toyota Prius' });
    for (const text of ['2017', 'CAA-3344', 'Pradeep Kumara', 'pradeep.kumara@example.com', 'CarCare Colombo Central, Bay 4', 'Oct 25, 2025, 8:30 AM']) {
      expect(within(prius).getByText(text, { exact: false })).toBeInTheDocument();
    }
  });

  test('ongoing cards show a progress bar, the estimated minutes and the readable sub-status', async () => {
    await renderDashboard();
    const ongoing = await column('Ongoing Services');
    const expected = [
      { name: 'Toyota Prius', progress: 65, minutes: '150 minutes', stage: 'In Progress' },
      { name: 'Nissan X-Trail', progress: 40, minutes: '360 minutes', stage: 'Awaiting Parts' },
      { name: 'BMW 320i', progress: 90, minutes: '60 minutes', stage: 'Quality Check' },
    ];
    for (const { name, progress, minutes, stage } of expected) {
      const card = within(ongoing).getByRole('article', { name });
      const bar = within(card).getByRole('progressbar', { name: `${name} progress` });
      expect(bar).toHaveAttribute('aria-valuenow', String(progress));
      expect(bar).toHaveAttribute('aria-valuemin', '0');
      expect(bar).toHaveAttribute('aria-valuemax', '100');
      expect(within(card).getByText(`${progress}%`)).toBeInTheDocument();
      expect(within(card).getByText(minutes)).toBeInTheDocument();
      expect(within(card).getByText(stage)).toBeInTheDocument();
    }
    expect(screen.queryByText(/IN_PROGRESS|AWAITING_PARTS|QUALITY_CHECK/)).not.toBeInTheDocument();
    // Only ongoing cards have progress bars.
    expect(screen.getAllByRole('progressbar')).toHaveLength(3);
  });

  test('awaiting cards show service type, description, formatted cost, customer and an Assign Employee button', async () => {
    await renderDashboard();
    const awaiting = await column('Awaiting Assignment');
    const camry = within(awaiting).getByRole('article', { name: 'Toyota Camry' });
    for (const text of [
      'Full Service',
      'Complete inspection, oil and filter change, fluid top-ups and a multi-point safety check.',
      'LKR 25,000',
      'Kavindi Senanayake',
      'kavindi.s@example.com',
      '2020',
      'CAB-1234',
      'CarCare Colombo Central, Bay 3',
      'Oct 26, 2025, 9:00 AM',
      'PENDING',
    ]) {
      expect(within(camry).getByText(text, { exact: false })).toBeInTheDocument();
    }
    expect(within(awaiting).getByRole('article', { name: 'Mazda 3' })).toHaveTextContent('LKR 4,500');
    expect(within(awaiting).getByRole('article', { name: 'Kia Sportage' })).toHaveTextContent('LKR 12,500');

    const buttons = within(awaiting).getAllByRole('button', { name: 'Assign Employee' });
    expect(buttons).toHaveLength(3);
    expect(within(camry).getByRole('button', { name: 'Assign Employee' })).toHaveAccessibleDescription('Toyota Camry 2020 CAB-1234');
  });

  test('empty columns say so', async () => {
    await renderDashboard({ auth: signedIn('ADMIN'), appointments: { appointments: [], employees: [] } });
    expect(within(await column('Upcoming Services')).getByText('No upcoming services.')).toBeInTheDocument();
    expect(within(await column('Ongoing Services')).getByText('No services in progress.')).toBeInTheDocument();
    expect(within(await column('Awaiting Assignment')).getByText('No appointments are awaiting assignment.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('Assign Employee modal', () => {
  async function openFor(vehicle: string) {
    const rendered = await renderDashboard();
    const card = within(await column('Awaiting Assignment')).getByRole('article', { name: vehicle });
    const opener = within(card).getByRole('button', { name: 'Assign Employee' });
    await rendered.user.click(opener);
    const dialog = screen.getByRole('dialog');
    return { ...rendered, dialog, opener };
  }

  function employeeNames(dialog: HTMLElement) {
    const list = within(dialog).queryByRole('list', { name: 'Employees' });
    if (!list) return [];
    return within(list)
      .getAllByRole('button', { name: 'Assign' })
      .map((button) => button.getAttribute('aria-describedby'))
      .map((id) => document.getElementById(id ?? '')?.textContent);
  }

  test('is a dialog titled for the appointment, listing every employee with their details', async () => {
    const { dialog } = await openFor('Toyota Camry');
    expect(dialog).toHaveAccessibleName('Assign Employee to Toyota Camry (CAB-1234)');
    expect(within(dialog).getByRole('searchbox', { name: 'Search employees' })).toHaveFocus();
    expect(employeeNames(dialog)).toEqual([
      'Nimal Perera',
      'Kasun Silva',
      'Ruwan Fernando',
      'Dilani Jayasinghe',
      'Tharindu Wickramasinghe',
      'Shehan Gunawardena',
      'Chamari Rathnayake',
    ]);
    const nimal = within(dialog).getByText('Nimal Perera').closest('li') as HTMLElement;
    for (const text of ['Engine', 'Available', 'Workload: 2 tasks', '4.8 / 5']) {
      expect(within(nimal).getByText(text, { exact: false })).toBeInTheDocument();
    }
    const kasun = within(dialog).getByText('Kasun Silva').closest('li') as HTMLElement;
    expect(within(kasun).getByText('Busy')).toBeInTheDocument();
    expect(within(kasun).getByText('Brakes & Suspension')).toBeInTheDocument();
  });

  test('busy employees have a disabled Assign button; available ones an enabled one', async () => {
    const { dialog } = await openFor('Toyota Camry');
    const buttons = within(dialog).getAllByRole('button', { name: 'Assign' });
    const state = Object.fromEntries(
      buttons.map((b) => [document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent, (b as HTMLButtonElement).disabled]),
    );
    expect(state).toEqual({
      'Nimal Perera': false,
      'Kasun Silva': true,
      'Ruwan Fernando': false,
      'Dilani Jayasinghe': false,
      'Tharindu Wickramasinghe': true,
      'Shehan Gunawardena': false,
      'Chamari Rathnayake': false,
    });
    expect(within(dialog).getByRole('button', { name: 'Assign', description: 'Kasun Silva' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' })).toBeEnabled();
  });

  test('search filters by name, case-insensitively', async () => {
    const { dialog, user } = await openFor('Toyota Camry');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search employees' }), 'PERERA');
    expect(employeeNames(dialog)).toEqual(['Nimal Perera']);
  });

  test('search filters by specialization, case-insensitively', async () => {
    const { dialog, user } = await openFor('Toyota Camry');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search employees' }), 'diagnostics');
    expect(employeeNames(dialog)).toEqual(['Tharindu Wickramasinghe', 'Chamari Rathnayake']);
    expect(within(dialog).getByRole('button', { name: 'Assign', description: 'Tharindu Wickramasinghe' })).toBeDisabled();
  });

  test("shows 'No employees found' when nothing matches, and the list again when cleared", async () => {
    const { dialog, user } = await openFor('Toyota Camry');
    const search = within(dialog).getByRole('searchbox', { name: 'Search employees' });
    await user.type(search, 'astronaut');
    expect(within(dialog).getByText('No employees found')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    await user.clear(search);
    expect(within(dialog).queryByText('No employees found')).not.toBeInTheDocument();
    expect(employeeNames(dialog)).toHaveLength(7);
  });

  test('Escape closes it and focus returns to the Assign Employee button; nothing is assigned', async () => {
    const { user, opener, store } = await openFor('Mazda 3');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(store.getState().appointments.appointments.find((a) => a.id === 'APT-2008')?.status).toBe('PENDING');
  });

  test('the search starts empty each time it opens', async () => {
    const { user, dialog } = await openFor('Mazda 3');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search employees' }), 'zzz');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(await column('Awaiting Assignment')).getByRole('button', { name: 'Assign Employee', description: /Kia Sportage/ }));
    expect(within(screen.getByRole('dialog')).getByRole('searchbox', { name: 'Search employees' })).toHaveValue('');
  });

  test('assigning moves the card to Upcoming Services as CONFIRMED with the employee, and announces it', async () => {
    const { dialog, user, store } = await openFor('Toyota Camry');
    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const upcoming = await column('Upcoming Services');
    const camry = within(upcoming).getByRole('article', { name: 'Toyota Camry' });
    expect(camry).toHaveTextContent('Nimal Perera');
    expect(camry).toHaveTextContent('CONFIRMED');
    expect(within(camry).queryByRole('button', { name: 'Assign Employee' })).not.toBeInTheDocument();
    expect(cardTitles(upcoming)).toEqual(['Toyota Camry', 'Honda Civic', 'Suzuki Swift', 'Mitsubishi Outlander']);

    const awaiting = await column('Awaiting Assignment');
    expect(cardTitles(awaiting)).toEqual(['Mazda 3', 'Kia Sportage']);
    // Focus goes to the next card's button, not lost on the page.
    expect(within(awaiting).getByRole('button', { name: 'Assign Employee', description: /Mazda 3/ })).toHaveFocus();

    expect(screen.getByRole('status')).toHaveTextContent('Assigned Nimal Perera to Toyota Camry (CAB-1234).');
    expect(store.getState().appointments.employees.find((e) => e.id === 'EMP-001')?.currentWorkload).toBe(3);
  });

  test('the confirmation can be dismissed; focus stays on the page', async () => {
    const { dialog, user } = await openFor('Toyota Camry');
    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' }));
    expect(screen.getByRole('status')).toHaveTextContent('Assigned Nimal Perera to Toyota Camry (CAB-1234).');
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Dismiss message' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toHaveFocus();
  });

  test('the new workload shows the next time the modal opens', async () => {
    const { dialog, user } = await openFor('Toyota Camry');
    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Shehan Gunawardena' }));
    await user.click(within(await column('Awaiting Assignment')).getByRole('button', { name: 'Assign Employee', description: /Mazda 3/ }));
    const shehan = within(screen.getByRole('dialog')).getByText('Shehan Gunawardena').closest('li') as HTMLElement;
    expect(within(shehan).getByText('Workload: 1 task')).toBeInTheDocument();
  });

  test('assigning the last one leaves the empty state and focuses the column heading', async () => {
    const { dialog, user } = await openFor('Toyota Camry');
    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' }));
    for (const vehicle of ['Mazda 3', 'Kia Sportage']) {
      await user.click(within(await column('Awaiting Assignment')).getByRole('button', { name: 'Assign Employee', description: new RegExp(vehicle) }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Assign', description: 'Ruwan Fernando' }));
    }
    const awaiting = await column('Awaiting Assignment');
    expect(within(awaiting).getByText('No appointments are awaiting assignment.')).toBeInTheDocument();
    await waitFor(() => expect(within(awaiting).getByRole('heading', { name: 'Awaiting Assignment' })).toHaveFocus());
    expect(cardTitles(await column('Upcoming Services'))).toHaveLength(6);
    expect(screen.getByRole('status')).toHaveTextContent('Assigned Ruwan Fernando to Kia Sportage (WP-PD-5090).');
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { API } from '../../../msw/handlers';
import { held } from '../../../msw/held';
import { server } from '../../../msw/server';
import { catalog } from '../../../fixtures/shop';
import { makeAppointment, page } from '../../../msw/shop';
import { renderApp, signedIn } from '../../../utils/renderWithProviders';
import { shopWithJobs } from '../../../features/jobs/board/boardFixtures';
import { boardHandlers, CHANGED_ELSEWHERE, type FakeBoard, fakeBoard, listRequestsFor, todayKey } from '../../../features/jobs/board/fakeBoard';

/** The first render of a lazy page compiles its chunk under ts-jest, which can take over a second when suites run in parallel. */
const FIRST_LOAD = { timeout: 5000 };

function serve(board: FakeBoard) {
  server.use(...boardHandlers(board));
  return board;
}

/** Serves a shop with jobs in every column and its technicians. */
function defaultBoard() {
  const shop = shopWithJobs();
  return serve(fakeBoard(shop.jobs, shop.all));
}

/**
 * The dashboard once its three columns have loaded, over `board` (already served; tests that vary a request
 * add their handler after it, so theirs wins).
 */
async function renderBoard(board: FakeBoard) {
  const rendered = renderApp('/admin/dashboard', { preloadedState: { auth: signedIn('ADMIN') } });
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, FIRST_LOAD);
  await waitFor(() => expect(screen.queryByRole('status', { name: /^Loading/ })).not.toBeInTheDocument());
  return { ...rendered, board };
}

/** Holds GET /api/appointments for one column's status (see held). */
const withStatus = (status: string) => (request: Request) => new URL(request.url).searchParams.get('status') === status;

function column(name: string) {
  return screen.getByRole('region', { name });
}

function cardTitles(region: HTMLElement) {
  return within(region)
    .queryAllByRole('article')
    .map((article) => within(article).getByRole('heading', { level: 3 }).textContent);
}

/** The live region the board announces assignments in (spinners are status regions too). */
function announcement() {
  const region = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite');
  if (!region) throw new Error('No announcement region');
  return region;
}

describe('Admin dashboard: the board from the server', () => {
  test("shows the heading and today's date", async () => {
    await renderBoard(serve(fakeBoard([])));
    const today = todayKey();
    const date = screen.getByText(format(new Date(`${today}T12:00:00`), 'EEEE, MMMM d, yyyy'));
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', today);
    expect(screen.queryByText('October 25, 2025')).not.toBeInTheDocument();
  });

  test('asks for each column from today on (ongoing: whatever its date), and shows them soonest first', async () => {
    const shop = shopWithJobs();
    const { board } = await renderBoard(serve(fakeBoard(shop.jobs, shop.all)));
    const today = todayKey();
    expect(listRequestsFor(board, 'PENDING')).toEqual([{ status: 'PENDING', from: today }]);
    expect(listRequestsFor(board, 'CONFIRMED')).toEqual([{ status: 'CONFIRMED', from: today }]);
    expect(listRequestsFor(board, 'IN_PROGRESS')).toEqual([{ status: 'IN_PROGRESS' }]);

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Upcoming Services', 'Ongoing Services', 'Awaiting Assignment']);
    expect(cardTitles(column('Upcoming Services'))).toEqual(['Honda Civic', 'Suzuki Swift']);
    expect(cardTitles(column('Ongoing Services'))).toEqual(['Nissan X-Trail', 'Toyota Prius', 'BMW 320i']);
    expect(cardTitles(column('Awaiting Assignment'))).toEqual(['Toyota Camry', 'Mazda 3', 'Kia Sportage']);
  });

  test("the column totals are the server's counts, not the number of cards loaded", async () => {
    const board = defaultBoard();
    const counts: Record<string, string>[] = [];
    server.use(
      http.get(`${API}/appointments/counts`, ({ request }) => {
        const params = Object.fromEntries(new URL(request.url).searchParams);
        counts.push(params);
        // From today: 57 awaiting, 12 upcoming, 1 ongoing dated today; every date: 9 in progress.
        const byStatus = params.from ? { PENDING: 57, CONFIRMED: 12, IN_PROGRESS: 1, COMPLETED: 0, CANCELLED: 0 } : { PENDING: 70, CONFIRMED: 30, IN_PROGRESS: 9, COMPLETED: 4, CANCELLED: 2 };
        return HttpResponse.json({ byStatus, completedThisWeek: 0, weekStart: '2099-01-11' });
      }),
    );
    await renderBoard(board);
    await waitFor(() => expect(within(column('Awaiting Assignment')).getByText('57')).toBeInTheDocument());
    expect(within(column('Awaiting Assignment')).getByText('57').parentElement).toHaveTextContent('Awaiting Assignment57 appointments');
    expect(within(column('Upcoming Services')).getByText('12')).toBeInTheDocument();
    expect(within(column('Ongoing Services')).getByText('9')).toBeInTheDocument();
    expect(counts).toEqual(expect.arrayContaining([{ from: todayKey() }, {}]));
    expect(counts).toHaveLength(2);
  });

  test("a card links the customer's e-mail to that address only: a stored ?cc= or &body= stays part of it", async () => {
    const hostile = 'amaya.w@example.com?cc=boss@example.org&body=Refund';
    const shop = shopWithJobs();
    const jobs = shop.jobs.map((job) => (job.vehicle.make === 'Honda' ? { ...job, customer: { ...job.customer, email: hostile } } : job));
    await renderBoard(serve(fakeBoard(jobs, shop.all)));
    const civic = within(column('Upcoming Services')).getByRole('article', { name: 'Honda Civic' });
    const href = within(civic).getByRole('link', { name: hostile }).getAttribute('href') ?? '';
    expect(href).not.toMatch(/[?&#]/);
    expect(decodeURIComponent(href)).toBe(`mailto:${hostile}`);
  });

  test("a card says whether its customer's e-mail address is verified, beside the address", async () => {
    const shop = shopWithJobs();
    const jobs = shop.jobs.map((job) => (job.vehicle.make === 'Honda' ? { ...job, customer: { ...job.customer, emailVerified: false } } : job));
    await renderBoard(serve(fakeBoard(jobs, shop.all)));
    const civic = within(column('Upcoming Services')).getByRole('article', { name: 'Honda Civic' });
    const unverified = within(civic).getByRole('img', { name: 'E-mail not verified' });
    expect(unverified).toHaveTextContent('Not verified');
    expect(unverified.closest('dd')).toContainElement(within(civic).getByRole('link', { name: 'amaya.w@example.com' }));
    const camry = within(column('Awaiting Assignment')).getByRole('article', { name: 'Toyota Camry' });
    expect(within(camry).getByRole('img', { name: 'E-mail verified' })).toHaveTextContent('Verified');
    expect(within(camry).queryByRole('img', { name: 'E-mail not verified' })).not.toBeInTheDocument();
  });

  test('every card shows the vehicle, service, its price as estimated cost, day and slot, customer, centre and bay; no ratings', async () => {
    await renderBoard(defaultBoard());
    const civic = within(column('Upcoming Services')).getByRole('article', { name: 'Honda Civic' });
    for (const text of ['2019', 'CBA-5678', 'Oil Change', 'Jan 15, 2099 · 11:00 AM-12:00 PM', 'Amaya Wijesinghe', 'Downtown Workshop, Bay 2', 'Ruwan Fernando', 'Confirmed', '60 minutes']) {
      expect(within(civic).getByText(text, { exact: false })).toBeInTheDocument();
    }
    expect(within(civic).getByRole('link', { name: 'amaya.w@example.com' })).toHaveAttribute('href', 'mailto:amaya.w@example.com');
    // Its buttons are Billing and Download Report (every card has them; Assign Employee is only on cards awaiting assignment).
    expect(within(civic).getAllByRole('button').map((button) => button.textContent)).toEqual(['Billing', 'Download Report']);
    expect(within(civic).getByText('LKR 14,500')).toBeInTheDocument();
    expect(within(civic).queryByText('Description')).not.toBeInTheDocument();
    expect(within(civic).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/rating|\/ 5/i);
  });

  test('awaiting cards show the service description, the catalogue price as estimated cost and an Assign Employee button', async () => {
    await renderBoard(defaultBoard());
    const awaiting = column('Awaiting Assignment');
    const camry = within(awaiting).getByRole('article', { name: 'Toyota Camry' });
    for (const text of [
      'Full Service',
      'Complete inspection, oil and filter change, fluid top-ups and a multi-point safety check.',
      'LKR 25,000',
      'Kavindi Senanayake',
      'kavindi.s@example.com',
      '2020',
      'CAB-1234',
      'Downtown Workshop, Bay 3',
      'Jan 15, 2099 · 09:00-10:00 AM',
      'Pending',
    ]) {
      expect(within(camry).getByText(text, { exact: false })).toBeInTheDocument();
    }
    expect(within(awaiting).getByRole('article', { name: 'Mazda 3' })).toHaveTextContent('LKR 4,500');
    expect(within(awaiting).getByRole('article', { name: 'Kia Sportage' })).toHaveTextContent('LKR 12,500');
    expect(within(awaiting).getAllByRole('button', { name: 'Assign Employee' })).toHaveLength(3);
    expect(within(camry).getByRole('button', { name: 'Assign Employee' })).toHaveAccessibleDescription('Toyota Camry 2020 CAB-1234');
    expect(within(camry).queryByText('Technician')).not.toBeInTheDocument();
  });

  test('ongoing cards show the stage, a progress bar, the estimated time and the estimated completion', async () => {
    await renderBoard(defaultBoard());
    const ongoing = column('Ongoing Services');
    const expected = [
      { name: 'Toyota Prius', progress: 65, minutes: '90 minutes', stage: 'In Progress', completion: format(new Date('2099-01-15T10:00:00.000Z'), 'MMM d, yyyy, h:mm a') },
      { name: 'Nissan X-Trail', progress: 40, minutes: '180 minutes', stage: 'Awaiting Parts', completion: format(new Date('2020-01-10T10:05:00.000Z'), 'MMM d, yyyy, h:mm a') },
      { name: 'BMW 320i', progress: 90, minutes: '30 minutes', stage: 'Quality Check', completion: null },
    ];
    for (const { name, progress, minutes, stage, completion } of expected) {
      const card = within(ongoing).getByRole('article', { name });
      const bar = within(card).getByRole('progressbar', { name: `${name} progress` });
      expect(bar).toHaveAttribute('aria-valuenow', String(progress));
      expect(bar).toHaveAttribute('aria-valuemin', '0');
      expect(bar).toHaveAttribute('aria-valuemax', '100');
      expect(within(card).getByText(`${progress}%`)).toBeInTheDocument();
      expect(within(card).getByText(minutes)).toBeInTheDocument();
      expect(within(card).getByText('Stage').nextElementSibling).toHaveTextContent(stage);
      if (completion) expect(within(card).getByText(completion)).toBeInTheDocument();
      else expect(within(card).queryByText('Estimated completion')).not.toBeInTheDocument();
    }
    expect(screen.queryByText(/IN_PROGRESS|AWAITING_PARTS|QUALITY_CHECK/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(3);
  });

  test('a vehicle without make and model is named by its plate', async () => {
    await renderBoard(serve(fakeBoard([makeAppointment({ vehicle: { id: 'v-1', plate: 'NB-0001' } })])));
    const card = within(column('Awaiting Assignment')).getByRole('article', { name: 'NB-0001' });
    expect(within(card).getByRole('button', { name: 'Assign Employee' })).toHaveAccessibleDescription('NB-0001');
  });

  test('empty columns say so', async () => {
    await renderBoard(serve(fakeBoard([])));
    expect(within(column('Upcoming Services')).getByText('No upcoming services.')).toBeInTheDocument();
    expect(within(column('Ongoing Services')).getByText('No services in progress.')).toBeInTheDocument();
    expect(within(column('Awaiting Assignment')).getByText('No appointments are awaiting assignment.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await waitFor(() => expect(within(column('Awaiting Assignment')).getByText('0')).toBeInTheDocument());
  });

  test('stacked on a phone, a column is drawn once the columns above it have their jobs — none is pushed down', async () => {
    const shop = shopWithJobs();
    serve(fakeBoard(shop.jobs, shop.all));
    const upcomingList = held('get', '/appointments', page([shop.civic]), withStatus('CONFIRMED'));
    renderApp('/admin/dashboard', { preloadedState: { auth: signedIn('ADMIN') } });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Services' }, FIRST_LOAD);
    expect(within(upcoming).getByRole('status', { name: 'Loading Upcoming Services' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ongoing Services' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Awaiting Assignment' })).not.toBeInTheDocument();
    act(() => upcomingList.release());
    expect(await within(upcoming).findByRole('article', { name: 'Honda Civic' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Ongoing Services' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Awaiting Assignment' })).toBeInTheDocument();
  });

  test('Awaiting Assignment is drawn once the catalogue is in, so its cards’ descriptions never push the cards down', async () => {
    const shop = shopWithJobs();
    serve(fakeBoard(shop.jobs, shop.all));
    const catalogue = held('get', '/catalog', catalog);
    renderApp('/admin/dashboard', { preloadedState: { auth: signedIn('ADMIN') } });
    await waitFor(() => expect(cardTitles(column('Upcoming Services'))).toEqual(['Honda Civic', 'Suzuki Swift']), FIRST_LOAD);
    expect(screen.getByRole('region', { name: 'Ongoing Services' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Awaiting Assignment' })).not.toBeInTheDocument();
    act(() => catalogue.release());
    const camry = within(await screen.findByRole('region', { name: 'Awaiting Assignment' })).getByRole('article', { name: 'Toyota Camry' });
    expect(within(camry).getByText('Description')).toBeInTheDocument();
  });

  test('each column shows its own loading spinner until its jobs arrive', async () => {
    const shop = shopWithJobs();
    const board = serve(fakeBoard(shop.jobs, shop.all));
    const awaitingList = held('get', '/appointments', page([shop.camry]), withStatus('PENDING'));
    renderApp('/admin/dashboard', { preloadedState: { auth: signedIn('ADMIN') } });
    const awaiting = await screen.findByRole('region', { name: 'Awaiting Assignment' }, FIRST_LOAD);
    expect(within(awaiting).getByRole('status', { name: 'Loading Awaiting Assignment' })).toBeInTheDocument();
    await waitFor(() => expect(cardTitles(column('Upcoming Services'))).toEqual(['Honda Civic', 'Suzuki Swift']));
    expect(within(awaiting).queryByRole('article')).not.toBeInTheDocument();
    act(() => awaitingList.release());
    expect(await within(awaiting).findByRole('article', { name: 'Toyota Camry' })).toBeInTheDocument();
    expect(within(awaiting).queryByRole('status', { name: 'Loading Awaiting Assignment' })).not.toBeInTheDocument();
    expect(board.requests.list.length).toBeGreaterThanOrEqual(2);
  });

  test('a column that fails to load says why and offers Retry; the others still show', async () => {
    const shop = shopWithJobs();
    const board = serve(fakeBoard(shop.jobs, shop.all));
    // Down until Retry: the board's loader reads first, and the page reads again what failed before it showed.
    let down = true;
    server.use(
      http.get(`${API}/appointments`, ({ request }) => {
        if (new URL(request.url).searchParams.get('status') !== 'PENDING' || !down) return undefined;
        return HttpResponse.error();
      }),
    );
    const { user } = await renderBoard(board);
    const awaiting = column('Awaiting Assignment');
    expect(await within(awaiting).findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    expect(cardTitles(column('Upcoming Services'))).toEqual(['Honda Civic', 'Suzuki Swift']);

    down = false;
    await user.click(within(awaiting).getByRole('button', { name: 'Retry' }));
    expect(await within(awaiting).findByRole('article', { name: 'Toyota Camry' })).toBeInTheDocument();
    expect(within(awaiting).queryByRole('alert')).not.toBeInTheDocument();
  });

  test("a server error shows the server's message", async () => {
    const board = serve(fakeBoard([]));
    server.use(
      http.get(`${API}/appointments`, ({ request }) =>
        new URL(request.url).searchParams.get('status') === 'IN_PROGRESS' ? HttpResponse.json({ message: 'Database unavailable', success: false }, { status: 503 }) : undefined,
      ),
    );
    await renderBoard(board);
    expect(within(column('Ongoing Services')).getByRole('alert')).toHaveTextContent('Database unavailable');
  });

  test('Load more fetches the next page of a long column, and focus moves to the first new card', async () => {
    const jobs = Array.from({ length: 5 }, (_, i) =>
      makeAppointment({ vehicle: { id: `v-${i}`, plate: `PL-${i}`, make: 'Car', model: `No ${i + 1}` }, date: `2099-02-0${i + 1}` }),
    );
    const board = serve(fakeBoard(jobs, [], 2));
    const { user } = await renderBoard(board);
    const awaiting = column('Awaiting Assignment');
    expect(cardTitles(awaiting)).toEqual(['Car No 1', 'Car No 2']);
    await waitFor(() => expect(within(awaiting).getByText('Showing 2 of 5 appointments')).toBeInTheDocument());
    expect(within(column('Upcoming Services')).queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();

    await user.click(within(awaiting).getByRole('button', { name: 'Load more Awaiting Assignment' }));
    await waitFor(() => expect(cardTitles(awaiting)).toEqual(['Car No 1', 'Car No 2', 'Car No 3', 'Car No 4']));
    expect(listRequestsFor(board, 'PENDING').at(-1)).toEqual({ status: 'PENDING', from: todayKey(), cursor: '2' });
    expect(within(awaiting).getByRole('article', { name: 'Car No 3' })).toHaveFocus();

    await user.click(within(awaiting).getByRole('button', { name: 'Load more Awaiting Assignment' }));
    await waitFor(() => expect(cardTitles(awaiting)).toHaveLength(5));
    expect(within(awaiting).queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(within(awaiting).queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(within(awaiting).getByRole('article', { name: 'Car No 5' })).toHaveFocus();
  });

  test('a failed Load more says why and keeps the loaded cards and the button', async () => {
    const jobs = Array.from({ length: 3 }, (_, i) => makeAppointment({ vehicle: { id: `v-${i}`, plate: `PL-${i}`, make: 'Car', model: `No ${i + 1}` } }));
    const board = serve(fakeBoard(jobs, [], 2));
    const { user } = await renderBoard(board);
    server.use(http.get(`${API}/appointments`, ({ request }) => (new URL(request.url).searchParams.get('cursor') ? HttpResponse.error() : undefined)));
    const awaiting = column('Awaiting Assignment');
    const more = within(awaiting).getByRole('button', { name: 'Load more Awaiting Assignment' });
    await user.click(more);
    expect(await within(awaiting).findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    expect(cardTitles(awaiting)).toEqual(['Car No 1', 'Car No 2']);
    await waitFor(() => expect(within(awaiting).getByRole('button', { name: 'Load more Awaiting Assignment' })).toHaveFocus());
  });
});

describe('the Day filter', () => {
  test('narrows every column and count to one day, persists in the store, and Show all days goes back', async () => {
    const shop = shopWithJobs();
    const board = serve(fakeBoard(shop.jobs, shop.all));
    const { user, store } = await renderBoard(board);
    const day = screen.getByLabelText('Day');
    expect(day).toHaveAttribute('type', 'date');
    expect(day).toHaveValue('');
    expect(day).toHaveAccessibleDescription("Show one day's appointments.");
    expect(screen.queryByRole('button', { name: 'Show all days' })).not.toBeInTheDocument();

    await user.type(day, '2099-01-15');
    expect(store.getState().appointments.boardDay).toBe('2099-01-15');
    await waitFor(() => expect(cardTitles(column('Awaiting Assignment'))).toEqual(['Toyota Camry']));
    expect(cardTitles(column('Upcoming Services'))).toEqual(['Honda Civic']);
    expect(cardTitles(column('Ongoing Services'))).toEqual(['Toyota Prius']);
    const range = { from: '2099-01-15', to: '2099-01-15' };
    for (const status of ['PENDING', 'CONFIRMED', 'IN_PROGRESS']) expect(listRequestsFor(board, status).at(-1)).toEqual({ status, ...range });
    expect(Object.fromEntries(board.requests.counts.at(-1) ?? [])).toEqual(range);
    expect(screen.getByText('Services on Thursday, January 15, 2099, soonest first.')).toBeInTheDocument();
    await waitFor(() => expect(within(column('Awaiting Assignment')).getByText('1')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Show all days' }));
    expect(store.getState().appointments.boardDay).toBeNull();
    expect(day).toHaveValue('');
    expect(day).toHaveFocus();
    await waitFor(() => expect(cardTitles(column('Awaiting Assignment'))).toEqual(['Toyota Camry', 'Mazda 3', 'Kia Sportage']));
    expect(cardTitles(column('Ongoing Services'))).toEqual(['Nissan X-Trail', 'Toyota Prius', 'BMW 320i']);
  });

  test('starts from the day kept in the store, and clearing the field shows every day again', async () => {
    const shop = shopWithJobs();
    const board = serve(fakeBoard(shop.jobs, shop.all));
    const rendered = renderApp('/admin/dashboard', {
      preloadedState: { auth: signedIn('ADMIN'), appointments: { boardDay: '2099-01-16', employeeSearch: '', assigningId: null } },
    });
    const awaiting = await screen.findByRole('region', { name: 'Awaiting Assignment' }, FIRST_LOAD);
    await waitFor(() => expect(cardTitles(awaiting)).toEqual(['Mazda 3']));
    expect(cardTitles(column('Ongoing Services'))).toEqual(['BMW 320i']);
    expect(screen.getByLabelText('Day')).toHaveValue('2099-01-16');
    expect(listRequestsFor(board, 'PENDING')).toEqual([{ status: 'PENDING', from: '2099-01-16', to: '2099-01-16' }]);

    await rendered.user.clear(screen.getByLabelText('Day'));
    expect(rendered.store.getState().appointments.boardDay).toBeNull();
    await waitFor(() => expect(cardTitles(awaiting)).toHaveLength(3));
  });

  test('a day with nothing on it shows the empty columns', async () => {
    const { user } = await renderBoard(defaultBoard());
    await user.type(screen.getByLabelText('Day'), '2099-03-01');
    await waitFor(() => expect(within(column('Awaiting Assignment')).getByText('No appointments are awaiting assignment.')).toBeInTheDocument());
    expect(within(column('Upcoming Services')).getByText('No upcoming services.')).toBeInTheDocument();
    expect(within(column('Ongoing Services')).getByText('No services in progress.')).toBeInTheDocument();
  });
});

describe('Assign Employee dialog', () => {
  async function openFor(vehicle: string, board: FakeBoard = defaultBoard()) {
    const rendered = await renderBoard(board);
    const card = within(column('Awaiting Assignment')).getByRole('article', { name: vehicle });
    const opener = within(card).getByRole('button', { name: 'Assign Employee' });
    await rendered.user.click(opener);
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByRole('list', { name: 'Employees' });
    return { ...rendered, dialog, opener };
  }

  function employeeNames(dialog: HTMLElement) {
    const list = within(dialog).queryByRole('list', { name: 'Employees' });
    if (!list) return [];
    return within(list)
      .getAllByRole('button', { name: 'Assign' })
      .map((button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent);
  }

  function row(dialog: HTMLElement, name: string) {
    return within(dialog).getByText(name).closest('li') as HTMLElement;
  }

  test("lists the registered technicians with specialization, workload and availability at the card's date and slot", async () => {
    const { dialog, board } = await openFor('Toyota Camry');
    expect(dialog).toHaveAccessibleName('Assign Employee to Toyota Camry (CAB-1234)');
    expect(dialog).toHaveAccessibleDescription('Full Service · Jan 15, 2099 · 09:00-10:00 AM · Downtown Workshop, Bay 3');
    expect(within(dialog).getByRole('searchbox', { name: 'Search employees' })).toHaveFocus();
    expect(board.requests.employees.map((params) => Object.fromEntries(params))).toEqual([{ date: '2099-01-15', slot: '09:00' }]);

    expect(employeeNames(dialog)).toEqual(['Chamari Rathnayake', 'Kasun Silva', 'Nimal Perera', 'Ruwan Fernando', 'Shehan Gunawardena', 'Tharindu Wickramasinghe']);
    for (const text of ['Engine', 'Available', '2 open jobs']) expect(within(row(dialog, 'Nimal Perera')).getByText(text)).toBeInTheDocument();
    for (const text of ['Brakes & Suspension', 'Busy', '4 open jobs']) expect(within(row(dialog, 'Kasun Silva')).getByText(text)).toBeInTheDocument();
    expect(within(row(dialog, 'Ruwan Fernando')).getByText('1 open job')).toBeInTheDocument();
    expect(within(row(dialog, 'Shehan Gunawardena')).getByText('No department')).toBeInTheDocument();
    expect(within(row(dialog, 'Shehan Gunawardena')).getByText('0 open jobs')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/rating|\/ 5/i);
  });

  test('busy technicians have a disabled Assign button; available ones an enabled one', async () => {
    const { dialog } = await openFor('Toyota Camry');
    const state = Object.fromEntries(
      within(dialog)
        .getAllByRole('button', { name: 'Assign' })
        .map((b) => [document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent, (b as HTMLButtonElement).disabled]),
    );
    expect(state).toEqual({
      'Chamari Rathnayake': false,
      'Kasun Silva': true,
      'Nimal Perera': false,
      'Ruwan Fernando': false,
      'Shehan Gunawardena': false,
      'Tharindu Wickramasinghe': true,
    });
  });

  test('availability is for the card: a technician busy at another slot is free here', async () => {
    // Ruwan works on the Civic at 11:00 on Jan 15: busy for a job at that slot only.
    const shop = shopWithJobs();
    const clash = makeAppointment({ vehicle: { id: 'v-x', plate: 'CL-1', make: 'Audi', model: 'A4' }, date: '2099-01-15', slot: '11:00', slotLabel: '11:00 AM-12:00 PM' });
    const { dialog, user } = await openFor('Audi A4', serve(fakeBoard([...shop.jobs, clash], shop.all)));
    expect(within(dialog).getByRole('button', { name: 'Assign', description: 'Ruwan Fernando' })).toBeDisabled();
    expect(within(row(dialog, 'Ruwan Fernando')).getByText('Busy')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(column('Awaiting Assignment')).getByRole('button', { name: 'Assign Employee', description: /Toyota Camry/ }));
    const camryDialog = screen.getByRole('dialog', { name: /Toyota Camry/ });
    await waitFor(() => expect(within(camryDialog).getByRole('button', { name: 'Assign', description: 'Ruwan Fernando' })).toBeEnabled());
  });

  test('search filters by name, case-insensitively', async () => {
    const { dialog, user } = await openFor('Toyota Camry');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search employees' }), 'PERERA');
    expect(employeeNames(dialog)).toEqual(['Nimal Perera']);
  });

  test('search filters by specialization, case-insensitively', async () => {
    const { dialog, user } = await openFor('Toyota Camry');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search employees' }), 'diagnostics');
    expect(employeeNames(dialog)).toEqual(['Chamari Rathnayake', 'Tharindu Wickramasinghe']);
    expect(within(dialog).getByRole('button', { name: 'Assign', description: 'Tharindu Wickramasinghe' })).toBeDisabled();
    expect(within(dialog).getByText('2 employees listed')).toBeInTheDocument();
  });

  test("shows 'No employees found' when nothing matches, and the list again when cleared", async () => {
    const { dialog, user } = await openFor('Toyota Camry');
    const search = within(dialog).getByRole('searchbox', { name: 'Search employees' });
    await user.type(search, 'astronaut');
    expect(within(dialog).getByRole('status')).toHaveTextContent('No employees found');
    expect(within(dialog).queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    await user.clear(search);
    expect(within(dialog).queryByText('No employees found')).not.toBeInTheDocument();
    expect(employeeNames(dialog)).toHaveLength(6);
  });

  test("with no technicians registered it says 'No employees found'", async () => {
    const shop = shopWithJobs();
    const { user } = await renderBoard(serve(fakeBoard(shop.jobs, [])));
    await user.click(within(column('Awaiting Assignment')).getByRole('button', { name: 'Assign Employee', description: /Toyota Camry/ }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('No employees found')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });

  test('a failed employee list says why and Retry loads it', async () => {
    const board = defaultBoard();
    let failures = 1;
    server.use(
      http.get(`${API}/employees`, () => {
        if (failures === 0) return undefined;
        failures -= 1;
        return HttpResponse.json({ message: 'Access denied. You do not have permission to access this resource.', success: false }, { status: 403 });
      }),
    );
    const { user } = await renderBoard(board);
    await user.click(within(column('Awaiting Assignment')).getByRole('button', { name: 'Assign Employee', description: /Toyota Camry/ }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Access denied. You do not have permission to access this resource.');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('list', { name: 'Employees' })).toBeInTheDocument();
  });

  test('keyboard: Enter opens it, Tab reaches Assign, Escape closes it and focus returns; nothing is sent', async () => {
    const { user, board } = await renderBoard(defaultBoard());
    const opener = within(column('Awaiting Assignment')).getByRole('button', { name: 'Assign Employee', description: /Mazda 3/ });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Assign Employee to Mazda 3 (CAD-7788)' });
    expect(within(dialog).getByRole('searchbox', { name: 'Search employees' })).toHaveFocus();
    await within(dialog).findByRole('list', { name: 'Employees' });
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Assign', description: 'Chamari Rathnayake' })).toHaveFocus();
    await user.tab(); // Kasun is busy: his button is skipped.
    expect(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(board.requests.assign).toEqual([]);
  });

  test('the search starts empty each time it opens', async () => {
    const { user, dialog, store } = await openFor('Mazda 3');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search employees' }), 'zzz');
    expect(store.getState().appointments.employeeSearch).toBe('zzz');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(store.getState().appointments).toMatchObject({ assigningId: null, employeeSearch: '' });
    await user.click(within(column('Awaiting Assignment')).getByRole('button', { name: 'Assign Employee', description: /Kia Sportage/ }));
    expect(within(screen.getByRole('dialog')).getByRole('searchbox', { name: 'Search employees' })).toHaveValue('');
  });

  test('Assign sends the technician and the version; the card moves to Upcoming Services and it is announced', async () => {
    const shop = shopWithJobs();
    const board = serve(fakeBoard(shop.jobs, shop.all));
    const { dialog, user } = await openFor('Toyota Camry', board);
    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' }));

    expect(board.requests.assign).toEqual([{ id: shop.camry.id, body: { employeeId: shop.nimal.id, expectedVersion: 3 } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(announcement()).toHaveTextContent('Assigned Nimal Perera to Toyota Camry (CAB-1234).');

    const upcoming = column('Upcoming Services');
    await waitFor(() => expect(cardTitles(upcoming)).toEqual(['Toyota Camry', 'Honda Civic', 'Suzuki Swift']));
    const camry = within(upcoming).getByRole('article', { name: 'Toyota Camry' });
    expect(camry).toHaveTextContent('Nimal Perera');
    expect(camry).toHaveTextContent('Confirmed');
    expect(within(camry).queryByRole('button', { name: 'Assign Employee' })).not.toBeInTheDocument();

    const awaiting = column('Awaiting Assignment');
    await waitFor(() => expect(cardTitles(awaiting)).toEqual(['Mazda 3', 'Kia Sportage']));
    // Focus goes to the next card's button, not lost on the page.
    await waitFor(() => expect(within(awaiting).getByRole('button', { name: 'Assign Employee', description: /Mazda 3/ })).toHaveFocus());
    // The totals are counted again.
    await waitFor(() => expect(within(awaiting).getByText('2')).toBeInTheDocument());
    expect(within(upcoming).getByText('3')).toBeInTheDocument();
  });

  test("the technician's new workload shows the next time the dialog opens", async () => {
    const { dialog, user } = await openFor('Toyota Camry');
    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Shehan Gunawardena' }));
    await waitFor(() => expect(cardTitles(column('Awaiting Assignment'))).toEqual(['Mazda 3', 'Kia Sportage']));
    await user.click(within(column('Awaiting Assignment')).getByRole('button', { name: 'Assign Employee', description: /Mazda 3/ }));
    const next = screen.getByRole('dialog');
    await waitFor(() => expect(within(row(next, 'Shehan Gunawardena')).getByText('1 open job')).toBeInTheDocument());
  });

  test('the confirmation can be dismissed; focus stays on the page', async () => {
    const { dialog, user } = await openFor('Toyota Camry');
    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' }));
    await waitFor(() => expect(announcement()).toHaveTextContent('Assigned Nimal Perera to Toyota Camry (CAB-1234).'));
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(announcement()).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Dismiss message' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toHaveFocus();
  });

  test('assigning the last one leaves the empty state and focuses the column heading', async () => {
    const shop = shopWithJobs();
    const { dialog, user } = await openFor('Kia Sportage', serve(fakeBoard([shop.kia, shop.civic], shop.all)));
    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Ruwan Fernando' }));
    const awaiting = column('Awaiting Assignment');
    await waitFor(() => expect(within(awaiting).getByText('No appointments are awaiting assignment.')).toBeInTheDocument());
    await waitFor(() => expect(within(awaiting).getByRole('heading', { name: 'Awaiting Assignment' })).toHaveFocus());
    expect(announcement()).toHaveTextContent('Assigned Ruwan Fernando to Kia Sportage (WP-PD-5090).');
  });

  test('a 409 (someone else assigned it first) shows the server message in the dialog and the board refreshes', async () => {
    const shop = shopWithJobs();
    const board = serve(fakeBoard(shop.jobs, shop.all));
    const { dialog, user } = await openFor('Toyota Camry', board);
    // Meanwhile another admin gives the Camry to Ruwan.
    board.jobs = board.jobs.map((job) =>
      job.id === shop.camry.id ? { ...job, status: 'CONFIRMED', version: 4, assignedEmployee: { id: shop.ruwan.id, fullName: 'Ruwan Fernando' } } : job,
    );
    const listsBefore = board.requests.list.length;
    const employeesBefore = board.requests.employees.length;

    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Already assigned to Ruwan Fernando.');
    expect(board.requests.assign).toHaveLength(1);

    // The board (and the technicians' availability) are fetched again: the Camry shows where it now is.
    await waitFor(() => expect(cardTitles(column('Upcoming Services'))).toEqual(['Toyota Camry', 'Honda Civic', 'Suzuki Swift']));
    expect(cardTitles(column('Awaiting Assignment'))).toEqual(['Mazda 3', 'Kia Sportage']);
    expect(board.requests.list.length).toBeGreaterThan(listsBefore);
    await waitFor(() => expect(board.requests.employees.length).toBeGreaterThan(employeesBefore));
    // The dialog stays with its message until closed; then focus goes to the button now in the card's place.
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(column('Upcoming Services')).getByRole('article', { name: 'Toyota Camry' })).toHaveTextContent('Ruwan Fernando');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(column('Awaiting Assignment')).getByRole('button', { name: 'Assign Employee', description: /Mazda 3/ })).toHaveFocus());
    expect(announcement()).toBeEmptyDOMElement();
  });

  test('a 409 for a stale version says so and the card can be assigned once reloaded', async () => {
    const shop = shopWithJobs();
    const board = serve(fakeBoard(shop.jobs, shop.all));
    const { dialog, user } = await openFor('Toyota Camry', board);
    // The customer changed the booking meanwhile (still awaiting assignment, new version).
    board.jobs = board.jobs.map((job) => (job.id === shop.camry.id ? { ...job, version: 5 } : job));

    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CHANGED_ELSEWHERE);
    expect(board.requests.assign[0].body).toEqual({ employeeId: shop.nimal.id, expectedVersion: 3 });

    // The refetched card carries the new version; the next try sends it and succeeds.
    await waitFor(() => expect(board.requests.list.filter((p) => p.get('status') === 'PENDING').length).toBeGreaterThan(1));
    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(board.requests.assign[1].body).toEqual({ employeeId: shop.nimal.id, expectedVersion: 5 });
    expect(announcement()).toHaveTextContent('Assigned Nimal Perera to Toyota Camry (CAB-1234).');
  });

  test('a 409 because the technician just became busy shows the message and refreshes their availability', async () => {
    const shop = shopWithJobs();
    const board = serve(fakeBoard(shop.jobs, shop.all));
    server.use(
      http.post(`${API}/appointments/:id/assign`, () => {
        // Another admin just gave Nimal a job at this slot.
        board.employees = board.employees.map((e) => (e.id === shop.nimal.id ? { ...e, availability: 'busy' } : e));
        return HttpResponse.json({ message: 'Nimal Perera already has a job at that time.', success: false }, { status: 409 });
      }),
    );
    const { dialog, user } = await openFor('Toyota Camry', board);
    await user.click(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nimal Perera already has a job at that time.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Assign', description: 'Nimal Perera' })).toBeDisabled());
    expect(within(row(dialog, 'Nimal Perera')).getByText('Busy')).toBeInTheDocument();
    expect(cardTitles(column('Awaiting Assignment'))).toEqual(['Toyota Camry', 'Mazda 3', 'Kia Sportage']);
  });
});

/**
 * GET /api/appointments/:id/report ("Service report"): the job's PDF, generated from stored data, for
 * the people GET /api/appointments/:id answers. The data is made in the test through the API — a customer with
 * a vehicle books, the admin assigns, the technician starts, waits for parts, checks, completes and logs time —
 * and the PDF's text is read back with pdf.js, as a reader's viewer would.
 */
import { call, failure, type Json } from '../helpers/http';
import { approvedTechnician, CENTERS, day, type Person, type Shop, SHOP_TODAY, shopTime, signUp, SLOTS, startShop } from '../helpers/shop';
import { reportFileName } from '../../../server/src/reports/format';
import { REPORT_LIMITS } from '../../../server/src/reports/limits';
import { allLines, getReport, pdfText } from './helpers';

const NOT_FOUND = failure('Appointment not found');

let shop: Shop;

beforeAll(async () => {
  // The clock moves through the job's day: access tokens last the day.
  shop = await startShop({ env: { ACCESS_TOKEN_TTL: '1d' } });
});

afterAll(async () => {
  await shop.close();
});

/** Moves the shop's clock to `time` on SHOP_TODAY. */
function clockTo(time: string): void {
  shop.clock.advance(shopTime(SHOP_TODAY, time) - shop.clock.now());
}

async function ok(response: Promise<{ status: number; body: Json; text: string }>): Promise<Json> {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`request failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

function setStatus(person: Person, id: string, body: Record<string, unknown>): Promise<Json> {
  return ok(call(shop.app, 'PATCH', `/api/appointments/${id}/status`, { token: person.token, body }));
}

function logTime(person: Person, id: string, startTime: string, endTime: string, description: string): Promise<Json> {
  return ok(call(shop.app, 'POST', '/api/time-logs', { token: person.token, body: { appointmentId: id, date: SHOP_TODAY, startTime, endTime, description } }));
}

let slots = 0;
/** A date and slot from tomorrow on that no other job of this suite holds. */
function nextSlot(): { date: string; slot: string } {
  slots += 1;
  return { date: day(1 + Math.floor(slots / SLOTS.length)), slot: SLOTS[slots % SLOTS.length] };
}

interface Story {
  customer: Person;
  technician: Person;
  job: Json;
}

let story: Story;

/**
 * Zoë's Škoda at the Northside centre today at 09:00: booked at 06:00, assigned to Ivo at once, started 09:05,
 * awaiting parts 10:00, quality check 11:30, completed 12:10; Ivo logged 09:05–10:00 and 11:30–12:10.
 * Names outside Latin-1 (Ł, Š, Đ, ć) must print.
 */
async function tellStory(): Promise<Story> {
  const customer = await signUp(shop.app, 'CUSTOMER', { fullName: 'Zoë Łukasiewicz', phoneNumber: '+48 22 555 0199' });
  const technician = await approvedTechnician(shop, { fullName: 'Ivo Đurić', department: 'Brakes' });
  const vehicle = await ok(call(shop.app, 'POST', '/api/vehicles', { token: customer.token, body: { plate: 'wx 4821k', make: 'Škoda', model: 'Octavia', year: 2019 } }));
  const booked = await ok(
    call(shop.app, 'POST', '/api/appointments', {
      token: customer.token,
      body: { vehicleId: vehicle.id, serviceType: 'FULL_SERVICE', date: SHOP_TODAY, slot: '09:00', centerId: CENTERS.northside, notes: 'Squeak from the front left wheel when braking.' },
    }),
  );
  await ok(call(shop.app, 'POST', `/api/appointments/${booked.id}/assign`, { token: shop.admin.token, body: { employeeId: technician.id } }));
  clockTo('09:05');
  await setStatus(technician, booked.id, { status: 'in_progress' });
  clockTo('10:00');
  await setStatus(technician, booked.id, { status: 'in_progress', stage: 'AWAITING_PARTS' });
  clockTo('11:30');
  await setStatus(technician, booked.id, { status: 'in_progress', stage: 'QUALITY_CHECK' });
  clockTo('12:10');
  const job = await setStatus(technician, booked.id, { status: 'completed' });
  await logTime(technician, booked.id, '09:05', '10:00', 'Brake inspection');
  await logTime(technician, booked.id, '11:30', '12:10', 'Road test');
  return { customer, technician, job };
}

beforeAll(async () => {
  story = await tellStory();
});

describe('the report of a completed job', () => {
  it('is a PDF attachment named after the plate and the job’s date, never cached', async () => {
    const response = await getReport(shop.app, story.job.id, shop.admin.token);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="carcare-report-WX-4821K-2030-06-03.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(response.headers['content-length'])).toBe(response.bytes.length);
  });

  it('prints the shop and centre, customer, vehicle, service and catalogue price, dates, technician and notes', async () => {
    const catalog = await ok(call(shop.app, 'GET', '/api/catalog'));
    const fullService = catalog.serviceTypes.find((type: Json) => type.code === 'FULL_SERVICE');
    expect(fullService.price).toBe(25000);

    const text = await pdfText((await getReport(shop.app, story.job.id, shop.admin.token)).bytes);
    const lines = allLines(text);

    expect(text.pages).toHaveLength(1);
    expect(text.info).toMatchObject({ Title: 'CarCare service report: WX 4821K, Full Service, 2030-06-03', Author: 'CarCare', Language: 'en' });
    expect(lines).toEqual(
      expect.arrayContaining([
        'CarCare',
        'Service report',
        `Job ${story.job.id}`,
        'Northside Service Centre',
        '48 Lakeview Avenue, Springfield, IL 62702',
        'Phone: +1 (555) 010-2032',
        'Customer Plate',
        'Zoë Łukasiewicz WX 4821K',
        'E-mail Make and model',
        `${story.customer.email} Škoda Octavia`,
        'Phone Year',
        '+48 22 555 0199 2019',
        'Service type Price',
        'Full Service LKR 25,000',
        'Scheduled Centre slot',
        'Jun 3, 2030 · 09:00-10:00 AM Bay 1',
        'Status Technician',
        'Completed Ivo Đurić (Brakes)',
        'Booked Started Completed',
        // Instants in the shop's time zone (America/Chicago), as the shop's clocks showed them.
        'Jun 3, 2030, 6:00 AM Jun 3, 2030, 9:05 AM Jun 3, 2030, 12:10 PM',
        'Notes',
        'Squeak from the front left wheel when braking.',
      ]),
    );
    expect(lines.at(-1)).toBe("Shop time (America/Chicago) · Generated Jun 3, 2030, 12:10 PM Page 1 of 1");
  });

  it('prints the stage history in order, with when and by whom, in the shop’s time zone', async () => {
    const lines = allLines(await pdfText((await getReport(shop.app, story.job.id, story.customer.token)).bytes));

    const start = lines.indexOf('Stage history');
    expect(lines.slice(start, start + 8)).toEqual([
      'Stage history',
      'When Change By',
      'Jun 3, 2030, 6:00 AM Booked Zoë Łukasiewicz',
      'Jun 3, 2030, 6:00 AM Assigned to Ivo Đurić Administrator',
      'Jun 3, 2030, 9:05 AM Work started Ivo Đurić',
      'Jun 3, 2030, 10:00 AM Stage: Awaiting Parts Ivo Đurić',
      'Jun 3, 2030, 11:30 AM Stage: Quality Check Ivo Đurić',
      'Jun 3, 2030, 12:10 PM Completed Ivo Đurić',
    ]);
  });

  it('prints each time log on the job and the total', async () => {
    const lines = allLines(await pdfText((await getReport(shop.app, story.job.id, story.technician.token)).bytes));

    const start = lines.indexOf('Time logged');
    expect(lines.slice(start, start + 5)).toEqual([
      'Time logged',
      'Date Time Duration Technician Work done',
      'Jun 3, 2030 09:05–10:00 55 min Ivo Đurić Brake inspection',
      'Jun 3, 2030 11:30–12:10 40 min Ivo Đurić Road test',
      'Total time logged: 1 h 35 min',
    ]);
  });
});

describe('who may download it: exactly those GET /api/appointments/:id answers', () => {
  it('the job’s customer, its technician and the admin get it; another customer or technician gets that route’s 404', async () => {
    const otherCustomer = await signUp(shop.app, 'CUSTOMER');
    const otherTechnician = await approvedTechnician(shop);
    const cases: [string, Person, number][] = [
      ['customer', story.customer, 200],
      ['technician', story.technician, 200],
      ['admin', shop.admin, 200],
      ['another customer', otherCustomer, 404],
      ['another technician', otherTechnician, 404],
    ];
    for (const [who, person, expected] of cases) {
      const job = await call(shop.app, 'GET', `/api/appointments/${story.job.id}`, { token: person.token });
      const report = await getReport(shop.app, story.job.id, person.token);
      expect({ who, job: job.status, report: report.status }).toEqual({ who, job: expected, report: expected });
      if (expected === 404) {
        expect(report.body).toEqual(NOT_FOUND);
        expect(report.body).toEqual(job.body);
        expect(report.headers['content-type']).toMatch(/^application\/json/);
        expect(report.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('answers a job that does not exist like one the caller may not see, and a malformed id with 400', async () => {
    const missing = await getReport(shop.app, '5b0c3f0e-8a54-4c4b-9d0e-3f4a1c2b7e90', shop.admin.token);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(NOT_FOUND);

    const malformed = await getReport(shop.app, 'not-an-id', shop.admin.token);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false });
  });

  it('asks a signed-out caller to sign in (401), and a deactivated technician’s old token no longer works', async () => {
    const signedOut = await getReport(shop.app, story.job.id);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual(failure('Authentication required'));

    const leaving = await approvedTechnician(shop);
    const customer = await signUp(shop.app, 'CUSTOMER');
    const job = await ok(call(shop.app, 'POST', '/api/appointments', { token: customer.token, body: { plate: 'LV-1', serviceType: 'OIL_CHANGE', ...nextSlot() } }));
    await ok(call(shop.app, 'POST', `/api/appointments/${job.id}/assign`, { token: shop.admin.token, body: { employeeId: leaving.id } }));
    expect((await getReport(shop.app, job.id, leaving.token)).status).toBe(200);
    await ok(call(shop.app, 'POST', `/api/employees/${leaving.id}/deactivate`, { token: shop.admin.token, body: {} }));
    expect((await getReport(shop.app, job.id, leaving.token)).status).toBe(401);
  });
});

describe('long reports', () => {
  it('break onto new pages — long notes, many history rows — repeating the table heading; the latest changes are listed', async () => {
    const customer = await signUp(shop.app, 'CUSTOMER');
    const notes = `${'Customer reports a rattle from the rear axle over speed bumps; please also check the handbrake cable. '.repeat(4)}End.`.slice(0, 500);
    const job = await ok(call(shop.app, 'POST', '/api/appointments', { token: customer.token, body: { plate: 'LONG-1', serviceType: 'OIL_CHANGE', notes, ...nextSlot() } }));
    const moves = 45;
    for (let move = 0; move < moves; move += 1) {
      await ok(call(shop.app, 'POST', `/api/appointments/${job.id}/reschedule`, { token: customer.token, body: nextSlot() }));
    }

    const text = await pdfText((await getReport(shop.app, job.id, customer.token)).bytes);
    const lines = allLines(text);

    expect(text.pages.length).toBeGreaterThanOrEqual(2);
    text.pages.forEach((page, index) => expect(page.at(-1)).toMatch(new RegExp(`Page ${index + 1} of ${text.pages.length}$`)));
    // The heading row starts the table and again each page the table continues on.
    const pagesWithTable = text.pages.filter((page) => page.some((line) => line.includes('Rescheduled from')));
    expect(pagesWithTable.length).toBeGreaterThanOrEqual(2);
    for (const page of pagesWithTable) expect(page).toContain('When Change By');
    // Booked, then 45 moves: the latest REPORT_LIMITS.historyEntries are listed, after a line saying how many are not.
    const listed = REPORT_LIMITS.historyEntries;
    expect(lines.join(' ').match(/Rescheduled from/g)).toHaveLength(listed);
    expect(lines).toContain(`${moves + 1 - listed} earlier changes are not listed.`);
    // The booking itself is among the earliest, left out.
    expect(lines.filter((line) => line.includes(`Booked ${customer.fullName}`))).toEqual([]);
    expect(lines.join(' ')).toContain('please also check the handbrake cable.');
    expect(lines).toContain('Total time logged: 0 min');
    expect(lines).toContain('No time logged on this job.');
  });
});

describe('the file name', () => {
  it('keeps only ASCII letters, digits and hyphens of the plate', () => {
    expect(reportFileName('CAB-4821', '2030-06-03')).toBe('carcare-report-CAB-4821-2030-06-03.pdf');
    expect(reportFileName('WP CAR 1290', '2030-06-03')).toBe('carcare-report-WP-CAR-1290-2030-06-03.pdf');
    expect(reportFileName('ŠK.12 Ž', '2030-06-03')).toBe('carcare-report-SK-12-Z-2030-06-03.pdf');
    expect(reportFileName('Ж-777', '2030-06-03')).toBe('carcare-report-777-2030-06-03.pdf');
    expect(reportFileName('"; x=../', '2030-06-03')).toBe('carcare-report-x-2030-06-03.pdf');
    expect(reportFileName('---', 'not a date')).toBe('carcare-report-vehicle-undated.pdf');
  });
});

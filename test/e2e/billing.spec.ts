import type { Page } from '@playwright/test';
import { registerViaApi } from './support/api';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { invoiceViaApi, jobBillingViaApi, trackingLinkViaApi } from './support/billing';
import { expect, test, watchBrowserErrors } from './support/fixtures';
import { seedSession, signInViaUi } from './support/session';
import { adminSession, assignViaApi, bookViaApi, setStatusViaApi } from './support/shop';
import { catalogViaApi, centreNamed, freeDay, freshSession, registerTechnician, uniqueTag } from './support/shopSetup';
import { recordPaymentViaUi } from './support/invoicesUi';

/**
 * From job to paid invoice (issue 30): the technician proposes extra work; the customer approves it from the tracking
 * link in a signed-out browser and the technician's open dialog shows it without a reload; completing the job issues
 * its invoice; the admin records the payment in two parts; the customer sees the invoice Paid and downloads its PDF.
 */

/** Marks the document: a reload (or any full navigation) would lose the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}

const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

test('extra work approved from the tracking link, the invoice issued on completion, paid in two parts and downloaded', async ({ page, browser, request }) => {
  test.slow(); // three browsers and a PDF
  const downtown = centreNamed(await catalogViaApi(request), 'Downtown Workshop');
  const customer = await registerViaApi(request, 'CUSTOMER');
  const technician = await registerTechnician(request, `Billing Tech ${uniqueTag()}`, 'Brakes');
  const job = await bookViaApi(request, customer.auth, { date: await freeDay(request), slot: '11:00', serviceType: 'TIRE_ROTATION', centerId: downtown.id });
  await assignViaApi(request, await adminSession(request), job, technician.auth.id);
  await setStatusViaApi(request, await freshSession(request, technician.user), job, 'in_progress');
  const link = await trackingLinkViaApi(request, await freshSession(request, customer.user), job.id);
  const work = `Replace front brake pads ${uniqueTag()}`;

  // 1. The technician proposes extra work: 1.5 hours at the shop's labour rate.
  const techContext = await browser.newContext();
  const techErrors = watchBrowserErrors(techContext);
  const tech = await techContext.newPage();
  await signInViaUi(tech, technician.user.email, technician.user.password);
  await tech.getByRole('button', { name: 'Extra work' }).click();
  const dialog = tech.getByRole('dialog', { name: 'Extra work' });
  const form = dialog.getByRole('region', { name: 'Propose extra work' });
  await form.getByRole('radio', { name: 'Labour' }).check();
  await form.getByRole('textbox', { name: 'Description' }).fill(work);
  await form.getByRole('textbox', { name: 'Note' }).fill('Front pads worn to 2 mm');
  await form.getByRole('textbox', { name: 'Hours' }).fill('1.5');
  await expect(form.getByRole('textbox', { name: 'Unit price' })).toHaveValue('5000.00');
  await form.getByRole('button', { name: 'Propose' }).click();
  await expect(dialog.getByText(`Proposed ${work}. The customer is asked to approve it.`)).toBeAttached();
  const item = dialog.getByRole('list', { name: 'Proposed extra work' }).getByRole('listitem').filter({ hasText: work });
  await expect(item).toContainText('Awaiting approval');
  await expectNoSeriousA11yViolations(tech, 'technician Extra work dialog');
  await markDocument(tech);

  // 2. The customer approves it from the tracking link, signed out, on a phone.
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const visitorErrors = watchBrowserErrors(visitor);
  const phone = await visitor.newPage();
  await phone.goto(link.path);
  const estimate = phone.getByRole('region', { name: 'Estimate' });
  await expect(estimate).toContainText(work);
  await expect(estimate).toContainText('1 item awaiting your approval');
  await expectNoSeriousA11yViolations(phone, 'tracking link estimate');
  await estimate.getByRole('button', { name: `Approve ${work}` }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Approved.' })).toBeAttached();
  await expect(estimate.getByRole('button', { name: `Approve ${work}` })).toHaveCount(0);
  expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // … and the technician's open dialog shows the decision, without a reload (job.billing.changed).
  await expect(item).toContainText('Approved', { timeout: 3_000 });
  await expect(item).toContainText('from the tracking link');
  expect(await stillSameDocument(tech)).toBe(true);
  const approved = await jobBillingViaApi(request, await freshSession(request, technician.user), job.id);
  expect(approved.items).toEqual([expect.objectContaining({ description: work, status: 'APPROVED', decisions: [expect.objectContaining({ channel: 'LINK', decision: 'APPROVED' })] })]);
  expect(approved.lines.map((line) => [line.source, line.amountMinor])).toEqual([
    ['SERVICE', 650_000],
    ['ESTIMATE', 750_000],
  ]);

  // 3. Completing the job issues its invoice.
  await setStatusViaApi(request, await freshSession(request, technician.user), job, 'completed');
  const issued = (await jobBillingViaApi(request, await freshSession(request, customer.user), job.id)).invoice;
  expect(issued).toMatchObject({ status: 'ISSUED', totalMinor: 1_400_000, balanceMinor: 1_400_000 });
  const number = issued?.number ?? '';
  expect(number).toMatch(/^INV-\d{4}-\d{6}$/);

  // 4. The admin records the payment in two parts.
  await recordPaymentViaUi(page, number, [
    { amount: '9000.00', method: 'Cash', after: 'Partly paid' },
    { amount: '5000.00', method: 'Card', after: 'Paid' },
  ]);
  const paid = await invoiceViaApi(request, await adminSession(request), issued?.id ?? '');
  expect(paid).toMatchObject({ status: 'PAID', paidMinor: 1_400_000, balanceMinor: 0 });
  expect(paid.payments.map((payment) => [payment.method, payment.amountMinor])).toEqual([
    ['CASH', 900_000],
    ['CARD', 500_000],
  ]);

  // 5. The customer sees it Paid and downloads the PDF.
  const customerContext = await browser.newContext();
  const customerErrors = watchBrowserErrors(customerContext);
  const mine = await customerContext.newPage();
  await seedSession(mine, await freshSession(request, customer.user));
  await mine.goto('/dashboard');
  const row = mine.getByRole('region', { name: 'Service list' }).getByRole('button').filter({ hasText: job.vehicle.plate });
  await expect(row).toContainText('Invoice Paid');
  await row.click();
  const invoice = mine.getByRole('region', { name: 'Service Details' }).getByRole('region', { name: 'Invoice' });
  await expect(invoice).toContainText(number);
  await expect(invoice).toContainText('Paid');
  await expectNoSeriousA11yViolations(mine, 'customer job billing');
  const [download] = await Promise.all([mine.waitForEvent('download'), invoice.getByRole('button', { name: `Download Invoice, ${number}` }).click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  techErrors.expectNone();
  visitorErrors.expectNone();
  customerErrors.expectNone();
  await Promise.all([techContext.close(), visitor.close(), customerContext.close()]);
});

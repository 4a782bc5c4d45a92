import type { Page } from '@playwright/test';
import { registerViaApi } from './support/api';
import { ADMIN } from './support/constants';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test, watchBrowserErrors } from './support/fixtures';
import { createPartViaApi, createSupplierViaApi, jobPartsViaApi, orderViaApi, partViaApi, purchaseOrderViaApi, receiveViaApi, setKitViaApi } from './support/inventory';
import { seedSession, signInViaUi } from './support/session';
import { adminSession, assignViaApi, bookViaApi, setStatusViaApi } from './support/shop';
import { catalogViaApi, centreNamed, freeDay, freshSession, registerTechnician, uniqueTag } from './support/shopSetup';

/**
 * Parts and stock through the screens (issue 29): the admin receives a purchase order and the stock rises; a
 * technician records the parts used on a job and the customer's open dashboard shows them without a reload; a job
 * booked when its kit is not in stock carries "Parts short" on the admin board. Every test makes its own parts
 * (unique SKUs) on the suite's empty shop.
 */

/** The row of the parts table whose row header is `sku`. */
function partRow(page: Page, sku: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: sku, exact: true }) });
}

/** Axe finds nothing serious, and at 360 px wide (a small phone) nothing makes the page scroll sideways. */
async function expectUsable(page: Page, what: string) {
  await expectNoSeriousA11yViolations(page, what);
  const original = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} at 360 px`).toBeLessThanOrEqual(360);
  if (original) await page.setViewportSize(original);
}

/** Marks the document: a reload (or any full navigation) would lose the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}

test.describe('parts and stock', () => {
  test('the admin receives part of a purchase order, then the rest, and the stock at its centre rises each time', async ({ page, request }) => {
    const admin = await adminSession(request);
    const northside = centreNamed(await catalogViaApi(request), 'Northside Service Centre');
    const part = await createPartViaApi(request, admin, { sku: 'PAD', name: 'E2E Brake pads' });
    await receiveViaApi(request, admin, part, northside.id, 2);
    const supplier = await createSupplierViaApi(request, admin);
    const order = await orderViaApi(request, admin, { supplierId: supplier.id, centerId: northside.id, lines: [{ partId: part.id, quantity: 6, unitCostMinor: 150000 }] });
    const number = `PO-${order.number}`;

    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Inventory' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();

    // The part's stock at Northside before the delivery.
    await page.getByLabel('Centre', { exact: true }).selectOption({ label: northside.name });
    await page.getByRole('searchbox', { name: 'Search parts' }).fill(part.sku);
    const row = partRow(page, part.sku);
    await expect(row.getByRole('cell').nth(3)).toHaveText('2'); // On hand (after Name, Category, Unit)

    // The order, from the Purchase orders section.
    await page.getByRole('tablist', { name: 'Inventory sections' }).getByRole('tab', { name: 'Purchase orders' }).click();
    await expect(page).toHaveURL(/[?&]view=orders/);
    await page.getByRole('table', { name: 'Purchase orders, newest first' }).getByRole('button', { name: number, exact: true }).click();
    const heading = page.getByRole('heading', { level: 2, name: number });
    await expect(heading).toBeVisible();
    const orderHead = heading.locator('..'); // the heading and its status badge
    await expect(orderHead).toHaveText(new RegExp(`^${number}\\s*Ordered$`));
    await expectUsable(page, 'purchase order detail');

    // Receive 4 of the 6: the order is partly received.
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: `Receive ${number}` });
    const received = dialog.getByRole('spinbutton', { name: `Received now of ${part.sku} · ${part.name}` });
    await expect(received).toHaveValue('6');
    await expectUsable(page, 'receive dialog');
    await received.fill('4');
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Received 4 units on ${number}.`)).toBeVisible();
    await expect(orderHead).toHaveText(new RegExp(`^${number}\\s*Partly received$`));
    const line = page.getByRole('table', { name: `Lines of ${number}` }).getByRole('row').filter({ hasText: part.sku });
    await expect(line.getByRole('cell')).toHaveText([part.name, '6 each', '4', '2', /LKR/, /LKR/]); // ordered, received, remaining
    let stored = await partViaApi(request, await adminSession(request), part);
    expect(stored.stock.find((s) => s.centerId === northside.id)?.onHand).toBe(6);

    // The rest arrives: the order is received, and the order survives a reload (it is in the URL).
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: number })).toBeVisible();
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    dialog = page.getByRole('dialog', { name: `Receive ${number}` });
    await expect(dialog.getByRole('spinbutton', { name: `Received now of ${part.sku} · ${part.name}` })).toHaveValue('2');
    await dialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(page.getByText(`Received 2 units on ${number}.`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: number }).locator('..')).toHaveText(new RegExp(`^${number}\\s*Received$`));
    await expect(page.getByRole('button', { name: 'Receive', exact: true })).toHaveCount(0);
    expect((await purchaseOrderViaApi(request, await adminSession(request), order.id)).status).toBe('RECEIVED');

    for (const section of ['Suppliers', 'Kits']) {
      await page.getByRole('tablist', { name: 'Inventory sections' }).getByRole('tab', { name: section }).click();
      await expect(page.getByRole('tabpanel', { name: section })).toBeVisible();
      await expect(page.getByRole('tabpanel', { name: section }).getByRole('button').first()).toBeVisible();
      await expectUsable(page, `${section} section`);
    }

    // Back on the parts: 2 + 6 on hand at Northside, as the server holds it.
    await page.getByRole('tablist', { name: 'Inventory sections' }).getByRole('tab', { name: 'Parts' }).click();
    await page.getByLabel('Centre', { exact: true }).selectOption({ label: northside.name });
    await page.getByRole('searchbox', { name: 'Search parts' }).fill(part.sku);
    await expect(partRow(page, part.sku).getByRole('cell').nth(3)).toHaveText('8');
    stored = await partViaApi(request, await adminSession(request), part);
    expect(stored.stock.find((s) => s.centerId === northside.id)).toMatchObject({ onHand: 8, reserved: 0, available: 8 });
  });

  test('a technician records parts on their job and the customer’s open dashboard lists them without a reload', async ({ page, browser, request }) => {
    const admin = await adminSession(request);
    const downtown = centreNamed(await catalogViaApi(request), 'Downtown Workshop');
    const part = await createPartViaApi(request, admin, { sku: 'FLT', name: 'E2E Oil filter' });
    await receiveViaApi(request, admin, part, downtown.id, 5);
    const customer = await registerViaApi(request, 'CUSTOMER');
    const technician = await registerTechnician(request, `Parts Tech ${uniqueTag()}`, 'Engine');
    // Tire Rotation carries no kit in this suite, so nothing is reserved and all 5 are free.
    const job = await bookViaApi(request, customer.auth, { date: await freeDay(request), slot: '10:00', serviceType: 'TIRE_ROTATION', centerId: downtown.id });
    await assignViaApi(request, admin, job, technician.auth.id);
    await setStatusViaApi(request, await freshSession(request, technician.user), job, 'in_progress');

    // The customer's dashboard, open on the job's details.
    await seedSession(page, await freshSession(request, customer.user));
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Service list' }).getByRole('button').filter({ hasText: job.vehicle.plate }).click();
    const details = page.getByRole('region', { name: 'Service Details' });
    const used = details.getByRole('region', { name: 'Parts used' });
    await expect(used).toContainText('No parts recorded yet.');
    await expectNoSeriousA11yViolations(page, 'customer job details with parts');
    await markDocument(page);

    // The technician, in a browser of their own.
    const techContext = await browser.newContext();
    const techErrors = watchBrowserErrors(techContext);
    const tech = await techContext.newPage();
    await signInViaUi(tech, technician.user.email, technician.user.password);
    await tech.getByRole('button', { name: 'Parts used' }).click();
    const dialog = tech.getByRole('dialog', { name: 'Parts used' });
    await expect(dialog.getByRole('heading', { name: 'Used on this job' })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Used on this job' })).toContainText('No parts recorded yet.');
    const add = dialog.getByRole('region', { name: 'Add part' });
    await add.getByRole('searchbox', { name: 'Find a part' }).fill(part.sku);
    const choice = add.getByRole('radio', { name: `${part.name} (${part.sku})` });
    await expect(choice).toHaveAccessibleDescription(/On hand 5 · Reserved 0 · Available 5/);
    await choice.check();
    await add.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await add.getByRole('button', { name: 'Add part' }).click();
    await expect(dialog.getByText(`Added 2 each of ${part.name}.`)).toBeAttached();
    const item = dialog.getByRole('region', { name: 'Used on this job' }).getByRole('listitem').filter({ hasText: part.sku });
    await expect(item.getByRole('spinbutton', { name: `Quantity of ${part.name}` })).toHaveValue('2');
    await expectUsable(tech, 'technician Parts used dialog');

    // More than there is: the server's refusal, in the dialog.
    await item.getByRole('spinbutton', { name: `Quantity of ${part.name}` }).fill('9');
    await item.getByRole('button', { name: 'Update' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Not enough stock: 3 available at this centre.');

    // The customer sees the two filters, in the same document (job.parts.changed on the live stream).
    await expect(used.getByRole('listitem').filter({ hasText: part.name })).toContainText(/2\s*each/, { timeout: 3_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    const stored = await jobPartsViaApi(request, await freshSession(request, customer.user), job.id);
    expect(stored.items).toEqual([expect.objectContaining({ partId: part.id, quantity: 2 })]);
    expect((await partViaApi(request, await adminSession(request), part)).stock.find((s) => s.centerId === downtown.id)?.onHand).toBe(3);
    techErrors.expectNone();
    await techContext.close();
  });

  test('a job booked when its kit is not in stock carries "Parts short" on the admin board, saying what is missing', async ({ page, request }) => {
    const admin = await adminSession(request);
    const westgate = centreNamed(await catalogViaApi(request), 'Westgate Express Bay');
    const part = await createPartViaApi(request, admin, { sku: 'AIR', name: 'E2E Air filter' });
    await receiveViaApi(request, admin, part, westgate.id, 1);
    // Only this test books Air Filter Replacement, so its kit is this test's to set.
    await setKitViaApi(request, admin, 'AIR_FILTER_REPLACEMENT', [{ partId: part.id, quantity: 2 }]);
    const customer = await registerViaApi(request, 'CUSTOMER');
    const day = await freeDay(request);
    const short = await bookViaApi(request, customer.auth, { date: day, slot: '09:00', serviceType: 'AIR_FILTER_REPLACEMENT', centerId: westgate.id });
    const covered = await bookViaApi(request, customer.auth, { date: day, slot: '09:00', serviceType: 'TIRE_ROTATION', centerId: westgate.id });

    await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
    await page.getByLabel('Day', { exact: true }).fill(day);
    const awaiting = page.getByRole('region', { name: 'Awaiting Assignment', exact: true });
    const shortCard = awaiting.getByRole('article').filter({ hasText: short.vehicle.plate });
    const warning = shortCard.getByRole('note', { name: 'Parts short' });
    await expect(warning).toBeVisible();
    await expect(warning).toHaveAccessibleDescription(`${part.name}: needs 2, 1 available`);
    await expectNoSeriousA11yViolations(page, 'board card with Parts short');
    await expect(awaiting.getByRole('article').filter({ hasText: covered.vehicle.plate }).getByRole('note', { name: 'Parts short' })).toHaveCount(0);

    // One more unit arrives: the kit is covered and the warning goes, without a reload (stock.changed).
    await markDocument(page);
    await receiveViaApi(request, await adminSession(request), part, westgate.id, 1);
    await expect(warning).toHaveCount(0, { timeout: 3_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });
});

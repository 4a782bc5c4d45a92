import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { ADMIN } from './constants';
import { expect } from './fixtures';
import { signInViaUi } from './session';

export interface PaymentStep {
  /** As typed in the Amount field, e.g. "9000.00". */
  amount: string;
  /** The Method option's label: Cash, Card or Bank transfer. */
  method: string;
  /** The invoice's status label once this payment is recorded. */
  after: string;
}

/**
 * The admin signs in, opens Invoices, finds the invoice by its number and records each payment in turn through
 * "Record payment", checking the status after each.
 */
export async function recordPaymentViaUi(page: Page, number: string, payments: readonly PaymentStep[]): Promise<void> {
  await signInViaUi(page, ADMIN.email, ADMIN.password, /\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await page.getByRole('button', { name: number, exact: true }).click();
  const invoice = page.getByRole('dialog', { name: `Invoice ${number}` });
  await expect(invoice).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'admin invoice detail');
  for (const payment of payments) {
    await invoice.getByRole('button', { name: 'Record payment' }).click();
    const form = page.getByRole('dialog', { name: 'Record payment' });
    await form.getByLabel('Method', { exact: true }).selectOption({ label: payment.method });
    await form.getByRole('textbox', { name: 'Amount' }).fill(payment.amount);
    await form.getByRole('textbox', { name: 'Reference' }).fill(`E2E ${payment.method}`);
    await form.getByRole('button', { name: 'Save payment' }).click();
    await expect(form).toHaveCount(0);
    await expect(invoice.getByText('Payment recorded.')).toBeAttached();
    await expect(invoice.getByText(payment.after, { exact: true }).first()).toBeVisible();
  }
}

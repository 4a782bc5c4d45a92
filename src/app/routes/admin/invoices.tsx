import { InvoicesPage } from '@/features/billing';

/** /admin/invoices: every invoice with its payments; filters and the open invoice live in the URL. */
export function Component() {
  return <InvoicesPage />;
}

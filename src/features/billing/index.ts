// The billing domain: a job's lines and estimate, the customer's approval, invoices and payments. Pages and the
// live-update wiring import this file only.
export { BILLING_TAG_TYPES, type BillingTag } from './billingTags';
export { billingApi } from './billingApi';
export { ExtraWorkButton } from './components/ExtraWorkButton';
export { JobBillingPanel } from './components/JobBillingPanel';
export { JobBillingSummary, useBillingSummaries } from './components/JobBillingSummary';
export { TrackedEstimatePanel } from './components/TrackedEstimatePanel';
export { invoicesApi } from './invoicesApi';
export { InvoicesPage } from './components/InvoicesPage';
export { BoardBillingButton, BoardBillingState } from './components/BoardBilling';

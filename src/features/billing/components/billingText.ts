import type { EstimateDecision, EstimateItem } from '@contract/billing';
import { type Decision, DECISION_CHANNEL_LABELS, type LineKind } from '@contract/billingTerms';
import { formatInstant, formatMoney } from '@/features/jobs';

/** Who reads an item: the customer is "you"; the technician and admins read about "the customer". */
export type EstimateViewer = 'customer' | 'staff';

/** 150 → "1.5": a quantity in hundredths as people write it. */
export function hundredthsText(hundredths: number): string {
  return String(hundredths / 100);
}

/** A line's or item's quantity: hours for labour ("1.5 h"), a count otherwise ("2"). */
export function quantityText(kind: LineKind, hundredths: number): string {
  return kind === 'LABOUR' ? `${hundredthsText(hundredths)} h` : hundredthsText(hundredths);
}

/** "Approved on Nov 28, 2026, 10:30 AM from the tracking link". */
export function decisionText(decision: EstimateDecision): string {
  const word = decision.decision === 'APPROVED' ? 'Approved' : 'Declined';
  return `${word} on ${formatInstant(decision.decidedAt)} from the ${DECISION_CHANNEL_LABELS[decision.channel]}`;
}

function lastOf<T>(list: readonly T[]): T | undefined {
  return list[list.length - 1];
}

/** The decision on the item's current version, if it has one. */
export function currentDecision(item: EstimateItem): EstimateDecision | undefined {
  return lastOf(item.decisions.filter((decision) => decision.version === item.version));
}

/**
 * What the customer said yes to before the price or quantity changed: "You approved LKR 8,500.00 on …; the new price
 * needs your approval." Null unless the current version awaits a decision and an earlier one was approved.
 */
export function earlierApprovalText(item: EstimateItem, viewer: EstimateViewer): string | null {
  if (item.status !== 'PENDING') return null;
  const earlier = lastOf(item.decisions.filter((decision) => decision.version < item.version));
  if (!earlier || earlier.decision !== 'APPROVED') return null;
  const amount = formatMoney(earlier.amountMinor);
  const when = formatInstant(earlier.decidedAt);
  return viewer === 'customer'
    ? `You approved ${amount} on ${when}; the new price needs your approval.`
    : `The customer approved ${amount} on ${when}; the new price needs their approval.`;
}

/** "18%" from basis points (1800), "12.5%" from 1250. */
export function taxRateText(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

/** What a decision says once the server took it (announced politely). */
export const DECIDED: Record<Decision, string> = { APPROVED: 'Approved.', DECLINED: 'Declined.' };

/** "1 item awaiting your approval", "2 items awaiting your approval". */
export function awaitingText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'} awaiting your approval`;
}

/** How long {@link keepFocus} waits for the focused control to leave (a refetch on a slow connection). */
const FOCUS_WATCH_MS = 30_000;

/**
 * After a decision or a withdrawal its buttons go: the focus, if it goes with them, moves to `heading` (not the page's
 * top). The buttons leave when the fresh answer renders — the next frame, or a slow refetch later — so this waits for
 * the focused control to leave the document, and never takes the focus from wherever the user has put it meanwhile.
 */
export function keepFocus(heading: HTMLElement | null): void {
  const focused = document.activeElement;
  const lost = () => {
    const active = document.activeElement;
    return !active || active === document.body || !active.isConnected;
  };
  if (!focused || focused === document.body) {
    requestAnimationFrame(() => lost() && heading?.focus());
    return;
  }
  const observer = new MutationObserver(() => {
    if (focused.isConnected) return;
    observer.disconnect();
    clearTimeout(limit);
    if (lost()) heading?.focus();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  // Mutation callbacks run as microtasks, after this line.
  const limit = setTimeout(() => observer.disconnect(), FOCUS_WATCH_MS);
}

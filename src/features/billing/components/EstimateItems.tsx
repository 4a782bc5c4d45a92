import { type ReactNode, useId } from 'react';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import type { EstimateItem } from '@contract/billing';
import type { Decision, EstimateItemStatus } from '@contract/billingTerms';
import { ESTIMATE_ITEM_STATUS_LABELS, LINE_KIND_LABELS } from '@contract/billingTerms';
import { Badge, type BadgeTone } from '@/components/Badge';
import { Button } from '@/components/Button';
import { formatMoney } from '@/features/jobs';
import { currentDecision, decisionText, earlierApprovalText, type EstimateViewer, quantityText } from './billingText';
import styles from './Billing.module.css';

const ICONS = { PENDING: Clock, APPROVED: CircleCheck, DECLINED: CircleX } as const;
const TONES: Record<EstimateItemStatus, BadgeTone> = { PENDING: 'warning', APPROVED: 'success', DECLINED: 'neutral' };

/** An item's state as a pill: "Awaiting approval", "Approved", "Declined". */
export function EstimateStatusBadge({ status }: { status: EstimateItemStatus }) {
  return (
    <Badge tone={TONES[status]} icon={ICONS[status]}>
      {ESTIMATE_ITEM_STATUS_LABELS[status]}
    </Badge>
  );
}

export interface EstimateItemsProps {
  items: readonly EstimateItem[];
  /** Whose screen: "You approved…" for the customer, "The customer approved…" for the technician and admins. */
  viewer: EstimateViewer;
  /** Approve and Decline on each pending item (the customer, the tracking link); absent: read-only. */
  onDecide?: (item: EstimateItem, decision: Decision) => void;
  /** The item whose decision or change is under way. */
  busyId?: string | null;
  /** Each item's further actions (the technician's Edit and Withdraw), given the id of the text naming it. */
  renderActions?: (item: EstimateItem, describedBy: string) => ReactNode;
  /** The list's accessible name (the heading's id). */
  labelledBy: string;
}

/**
 * Extra work on a job, each item with its kind, note, quantity and amount, its state and the decision's time and
 * channel, and what was approved before a price or quantity change. Shared by the customer's dashboard, the tracking
 * link page (no names: the answer has none) and the technician's Extra work dialog.
 */
export function EstimateItems({ items, viewer, onDecide, busyId = null, renderActions, labelledBy }: EstimateItemsProps) {
  return (
    <ul aria-labelledby={labelledBy} className={styles.items}>
      {items.map((item) => (
        <EstimateItemRow key={item.id} item={item} viewer={viewer} onDecide={onDecide} busy={busyId === item.id} renderActions={renderActions} />
      ))}
    </ul>
  );
}

interface EstimateItemRowProps extends Pick<EstimateItemsProps, 'viewer' | 'onDecide' | 'renderActions'> {
  item: EstimateItem;
  busy: boolean;
}

function EstimateItemRow({ item, viewer, onDecide, busy, renderActions }: EstimateItemRowProps) {
  const nameId = useId();
  const decision = currentDecision(item);
  const earlier = earlierApprovalText(item, viewer);
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <span id={nameId} className={styles.itemName}>
          {item.description}
        </span>
        <EstimateStatusBadge status={item.status} />
      </div>
      <p className={styles.itemFacts}>
        <span>{LINE_KIND_LABELS[item.kind]}</span>
        {item.part && <span className={styles.sku}>{item.part.sku}</span>}
        <span>
          {quantityText(item.kind, item.quantityHundredths)} × {formatMoney(item.unitPriceMinor)}
        </span>
        <strong className={styles.amount}>{formatMoney(item.amountMinor)}</strong>
      </p>
      {item.note && <p className={styles.itemNote}>{item.note}</p>}
      {item.proposedBy && <p className={styles.muted}>Proposed by {item.proposedBy}</p>}
      {decision && <p className={styles.muted}>{decisionText(decision)}</p>}
      {earlier && <p className={styles.earlier}>{earlier}</p>}
      {onDecide && item.status === 'PENDING' && (
        <div className={styles.itemActions}>
          <Button size="sm" startIcon={<CircleCheck aria-hidden="true" />} loading={busy} onClick={() => onDecide(item, 'APPROVED')}>
            Approve<span className="visually-hidden"> {item.description}</span>
          </Button>
          <Button size="sm" variant="secondary" startIcon={<CircleX aria-hidden="true" />} disabled={busy} onClick={() => onDecide(item, 'DECLINED')}>
            Decline<span className="visually-hidden"> {item.description}</span>
          </Button>
        </div>
      )}
      {renderActions && <div className={styles.itemActions}>{renderActions(item, nameId)}</div>}
    </li>
  );
}

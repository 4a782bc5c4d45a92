import { memo, useId } from 'react';
import { Pencil, Trash } from 'lucide-react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { confirmAction } from '@/lib/dialogs';
import { QUEUED_STATE_TEXT } from '../texts';
import type { QueuedChange } from '../types';
import panel from '@/components/Panel.module.css';
import styles from './QueuedChangesPanel.module.css';

export const DISCARD_CONFIRM_MESSAGE = 'Discard this change? It has not reached the server and will be lost.';
export const EDIT_OR_DISCARD_HINT = 'Edit it to fix it and send it again, or discard it.';
export const DISCARD_HINT = 'Discard it, then make the change again if it is still needed.';

export interface QueuedChangesPanelProps {
  changes: readonly QueuedChange[];
  /** Opens an editable change to fix it (its own form). Stable. */
  onEdit: (change: QueuedChange) => void;
  onDiscard: (id: string) => void;
}

/**
 * The changes made on this device that the server does not have yet, in the order they are sent: each says whether
 * it waits, is on its way, or was refused — with the server's message and what to do. Nothing leaves this list
 * except by reaching the server or by the person discarding it.
 */
export const QueuedChangesPanel = memo(function QueuedChangesPanel({ changes, onEdit, onDiscard }: QueuedChangesPanelProps) {
  const headingId = useId();
  if (changes.length === 0) return null;
  const refused = changes.filter((change) => change.state === 'refused').length;
  return (
    <section aria-labelledby={headingId} className={panel.panel}>
      <h2 id={headingId} className={panel.heading}>
        Changes waiting to be sent
      </h2>
      {refused > 0 && (
        <Alert variant="warning">
          {refused === 1 ? 'The server refused 1 change.' : `The server refused ${refused} changes.`} The others are still sent.
        </Alert>
      )}
      <ul className={styles.list}>
        {changes.map((change) => (
          <li key={change.id}>
            <QueuedChangeItem change={change} onEdit={onEdit} onDiscard={onDiscard} />
          </li>
        ))}
      </ul>
    </section>
  );
});

function QueuedChangeItem({ change, onEdit, onDiscard }: { change: QueuedChange } & Pick<QueuedChangesPanelProps, 'onEdit' | 'onDiscard'>) {
  const labelId = useId();
  const busy = change.state === 'sending';
  return (
    <article aria-labelledby={labelId} className={styles.item} data-state={change.state}>
      <div className={styles.body}>
        <h3 id={labelId} className={styles.label}>
          {change.label}
        </h3>
        <p className={styles.state}>
          {QUEUED_STATE_TEXT[change.state]}
          {change.state === 'refused' && change.refusal ? `: ${change.refusal}` : ''}
        </p>
        {change.state === 'refused' && <p className={styles.refusal}>{change.editable ? EDIT_OR_DISCARD_HINT : DISCARD_HINT}</p>}
      </div>
      {!busy && (
        <div className={styles.actions}>
          {change.editable && (
            <Button size="sm" variant="ghost" startIcon={<Pencil aria-hidden="true" />} aria-describedby={labelId} onClick={() => onEdit(change)}>
              Edit
            </Button>
          )}
          <Button
            size="sm"
            variant="danger"
            startIcon={<Trash aria-hidden="true" />}
            aria-describedby={labelId}
            onClick={() => {
              if (confirmAction(DISCARD_CONFIRM_MESSAGE)) onDiscard(change.id);
            }}
          >
            Discard
          </Button>
        </div>
      )}
    </article>
  );
}

import type { RefObject } from 'react';
import { Archive, TriangleExclamationPoint } from 'lucide-react';
import type { PartWithStock } from '@contract/inventory';
import { Alert } from '@/components/Alert';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/Button';
import { formatMoney } from '@/features/jobs';
import styles from './Inventory.module.css';

/** What a row's buttons open or do. */
export type PartAction = 'receive' | 'adjust' | 'transfer' | 'history' | 'levels' | 'edit' | 'archive' | 'restore';

export interface PartsTableProps {
  parts: readonly PartWithStock[];
  caption: string;
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  onAction: (action: PartAction, part: PartWithStock) => void;
  /** The part whose Archive / Restore is under way. */
  busyId: string | null;
  /** Why a row's last action failed, by part id. */
  errors: Readonly<Record<string, string>>;
}

const rowId = (part: PartWithStock) => `part-${part.id}`;

/**
 * The parts with their stock at one centre. Each row's buttons carry the part's SKU and name as their description,
 * so "Receive" says which part it receives. On a phone each part is a card (the column names come from data-label).
 */
export function PartsTable({ parts, caption, bodyRef, onAction, busyId, errors }: PartsTableProps) {
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Name</th>
            <th scope="col">Category</th>
            <th scope="col">Unit</th>
            <th scope="col" className={styles.number}>
              On hand
            </th>
            <th scope="col" className={styles.number}>
              Reserved
            </th>
            <th scope="col" className={styles.number}>
              Available
            </th>
            <th scope="col" className={styles.number}>
              Sell price
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {parts.map((part) => {
            const id = rowId(part);
            const described = `${id}-sku ${id}-name`;
            const busy = busyId === part.id;
            const action = (name: PartAction) => () => onAction(name, part);
            return (
              <tr key={part.id}>
                <th scope="row" id={`${id}-sku`} tabIndex={-1} className={styles.sku}>
                  {part.sku}
                </th>
                <td data-label="Name" id={`${id}-name`} className={styles.name}>
                  {part.name}
                  {part.archived && (
                    <Badge tone="neutral" icon={Archive} className={styles.badge}>
                      Archived
                    </Badge>
                  )}
                </td>
                <td data-label="Category">{part.category}</td>
                <td data-label="Unit">{part.unit}</td>
                <td data-label="On hand" className={styles.number}>
                  {part.stock.onHand}
                </td>
                <td data-label="Reserved" className={styles.number}>
                  {part.stock.reserved}
                </td>
                <td data-label="Available" className={styles.number}>
                  {part.stock.available}
                  {part.stock.low && (
                    <Badge tone="warning" icon={TriangleExclamationPoint} className={styles.badge}>
                      Low stock
                    </Badge>
                  )}
                </td>
                <td data-label="Sell price" className={styles.number}>
                  {formatMoney(part.sellPriceMinor)}
                </td>
                <td className={styles.actions}>
                  <div className={styles.buttons}>
                    {!part.archived && (
                      <>
                        <Button size="sm" aria-describedby={described} onClick={action('receive')}>
                          Receive
                        </Button>
                        <Button size="sm" variant="secondary" aria-describedby={described} onClick={action('adjust')}>
                          Adjust
                        </Button>
                        <Button size="sm" variant="secondary" aria-describedby={described} onClick={action('transfer')}>
                          Transfer
                        </Button>
                      </>
                    )}
                    <Button size="sm" variant="secondary" aria-describedby={described} onClick={action('history')}>
                      History
                    </Button>
                    {!part.archived && (
                      <Button size="sm" variant="ghost" aria-describedby={described} onClick={action('levels')}>
                        Reorder settings
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" aria-describedby={described} onClick={action('edit')}>
                      Edit
                    </Button>
                    <Button size="sm" variant="ghost" aria-describedby={described} loading={busy} onClick={action(part.archived ? 'restore' : 'archive')}>
                      {part.archived ? 'Restore' : 'Archive'}
                    </Button>
                  </div>
                  {errors[part.id] && (
                    <Alert variant="error" className={styles.rowError}>
                      {errors[part.id]}
                    </Alert>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

import { useId, useMemo } from 'react';
import { TriangleExclamationPoint } from 'lucide-react';
import type { PartsShortage } from '@contract/inventory';
import { INVENTORY_MESSAGES } from '@contract/inventoryTerms';
import { useGetShortagesQuery } from '../jobPartsApi';
import { shortLineText } from './partQuantity';
import styles from './JobParts.module.css';

const NONE: ReadonlyMap<string, PartsShortage> = new Map();

/**
 * The open jobs short of their kit, by job id: one request for the whole board (GET /api/parts/shortages, admins).
 * While it loads, or if it fails, no card warns.
 */
export function useShortagesByJob(): ReadonlyMap<string, PartsShortage> {
  const { data } = useGetShortagesQuery();
  return useMemo(() => (data ? new Map(data.items.map((shortage) => [shortage.appointmentId, shortage])) : NONE), [data]);
}

/**
 * "Parts short" on a board card whose job's kit is not covered at its centre, with what it lacks ("Engine oil 5W-30:
 * needs 4, 1 available") shown and as the note's description. Nothing when the job is not short.
 */
export function PartsShortWarning({ shortage }: { shortage: PartsShortage | undefined }) {
  const titleId = useId();
  const linesId = useId();
  if (!shortage || shortage.lines.length === 0) return null;
  const lineIds = shortage.lines.map((_line, index) => `${linesId}-${index}`);
  return (
    <div role="note" aria-labelledby={titleId} aria-describedby={lineIds.join(' ')} className={styles.short}>
      <span id={titleId} className={styles.shortTitle}>
        <TriangleExclamationPoint aria-hidden="true" className={styles.icon} />
        {INVENTORY_MESSAGES.partsShort}
      </span>
      <ul className={styles.shortLines}>
        {shortage.lines.map((line, index) => (
          <li key={line.partId} id={lineIds[index]}>
            {shortLineText(line)}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useId } from 'react';
import { Package } from 'lucide-react';
import { messageOf } from '@/api/errors';
import { DataState } from '@/components/DataState';
import { useGetJobPartsQuery } from '../jobPartsApi';
import { quantityOf } from './partQuantity';
import styles from './JobParts.module.css';

/** The parts used on a job, read-only (the customer's job details). */
export function JobPartsPanel({ jobId }: { jobId: string }) {
  const headingId = useId();
  const { data, isLoading, error, refetch } = useGetJobPartsQuery(jobId);
  const items = data?.items ?? [];
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h4 id={headingId} className={styles.panelHeading}>
        <Package aria-hidden="true" className={styles.icon} /> Parts used
      </h4>
      <DataState isLoading={isLoading} error={!data && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading the parts used">
        {items.length === 0 ? (
          <p className={styles.empty}>No parts recorded yet.</p>
        ) : (
          <ul aria-labelledby={headingId} className={styles.list}>
            {items.map((item) => (
              <li key={item.partId} className={styles.panelRow}>
                <span>
                  <span className={styles.name}>{item.name}</span> <span className={styles.sku}>{item.sku}</span>
                </span>
                <span className={styles.count}>{quantityOf(item.quantity, item.unit)}</span>
              </li>
            ))}
          </ul>
        )}
      </DataState>
    </section>
  );
}

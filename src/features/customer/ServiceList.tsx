import type { CustomerServiceJob } from '@/features/services/types';
import { ServiceRow } from './ServiceRow';
import styles from './ServiceList.module.css';

export interface ServiceListProps {
  services: CustomerServiceJob[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/**
 * The scrolling list of jobs (spec §9: lists scroll at about 600 px). The scroll container is a named region
 * that takes keyboard focus, so keyboard users can scroll it too.
 */
export function ServiceList({ services, selectedId, onSelect }: ServiceListProps) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be keyboard-focusable (WCAG 2.1.1)
    <div className={styles.scroll} role="region" aria-label="Service list" tabIndex={0}>
      <ul className={styles.list}>
        {services.map((service) => (
          <ServiceRow key={service.id} service={service} selected={service.id === selectedId} onSelect={onSelect} />
        ))}
      </ul>
    </div>
  );
}

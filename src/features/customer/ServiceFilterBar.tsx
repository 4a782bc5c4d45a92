import { cx } from '@/lib/classNames';
import { SERVICE_FILTERS, type ServiceFilter } from './serviceFilters';
import styles from './ServiceList.module.css';

export interface ServiceFilterBarProps {
  value: ServiceFilter;
  onChange: (filter: ServiceFilter) => void;
}

/** ALL / NOT COMPLETED / COMPLETED as toggle buttons (aria-pressed marks the active one). */
export function ServiceFilterBar({ value, onChange }: ServiceFilterBarProps) {
  return (
    <div role="group" aria-label="Filter services by status" className={styles.filters}>
      {SERVICE_FILTERS.map((filter) => (
        <button
          key={filter.value}
          type="button"
          aria-pressed={filter.value === value}
          className={cx(styles.filter, filter.value === value && styles.filterActive)}
          onClick={() => onChange(filter.value)}
        >
          {filter.label}
        </button>
      ))}
    </div>
  );
}

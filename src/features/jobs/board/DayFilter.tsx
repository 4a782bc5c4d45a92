import { useRef } from 'react';
import { Button } from '@/components/Button';
import { TextField } from '@/components/TextField';
import styles from './DayFilter.module.css';

export interface DayFilterProps {
  /** `YYYY-MM-DD`, or null for every day from today on. */
  day: string | null;
  onChange: (day: string | null) => void;
}

/** Narrows the admin board to one day ("Day"), or back to everything from today on ("Show all days"). */
export function DayFilter({ day, onChange }: DayFilterProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.filter}>
      <TextField
        ref={inputRef}
        type="date"
        label="Day"
        hint="Show one day's appointments."
        value={day ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        containerClassName={styles.field}
      />
      {day !== null && (
        <Button
          variant="secondary"
          onClick={() => {
            onChange(null);
            // The button goes away with the filter: keep focus on the control that sets it.
            inputRef.current?.focus();
          }}
        >
          Show all days
        </Button>
      )}
    </div>
  );
}

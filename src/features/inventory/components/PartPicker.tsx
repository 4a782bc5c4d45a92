import { useEffect, useState } from 'react';
import { Plus } from 'lucide-react';
import type { PartWithStock } from '@contract/inventory';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Spinner } from '@/components/Spinner';
import { TextField } from '@/components/TextField';
import { useGetPartMatchesQuery } from '../purchasingApi';
import { partLabel } from './partLabel';
import styles from './Inventory.module.css';
import own from './Purchasing.module.css';

/** How long the part search waits after the last key. */
const SEARCH_DELAY_MS = 300;

export interface PartPickerProps {
  /** The centre whose parts (and stock) the search reads. */
  centerId: string;
  /** The parts already on the form: their Add buttons are left out. */
  chosen: ReadonlySet<string>;
  onPick: (part: PartWithStock) => void;
}

/**
 * "Find a part": a search by SKU or name, its first matches each with an Add button (a list of buttons rather than a
 * combobox: the keyboard and a screen reader read it as it is).
 */
export function PartPicker({ centerId, chosen, onPick }: PartPickerProps) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const { currentData, isFetching, error } = useGetPartMatchesQuery({ centerId, q }, { skip: !centerId });
  const matches = (currentData?.items ?? []).filter((part) => !chosen.has(part.id));

  return (
    <div className={own.picker}>
      <TextField
        type="search"
        label="Find a part"
        hint="Part of a SKU or a name"
        maxLength={100}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        // Inside a form: Enter searches at once instead of sending the form.
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          setQ(search.trim());
        }}
      />
      {isFetching && !currentData && <Spinner label="Finding parts" />}
      {error && <Alert variant="error">{messageOf(error)}</Alert>}
      {currentData && (
        <ul className={own.matches} aria-label="Matching parts">
          {matches.length === 0 && <li className={styles.meta}>No more parts match</li>}
          {matches.map((part) => (
            <li key={part.id}>
              <Button size="sm" variant="secondary" startIcon={<Plus />} aria-label={`Add ${partLabel(part)}`} onClick={() => onPick(part)}>
                {partLabel(part)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

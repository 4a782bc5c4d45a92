import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cx } from '@/lib/classNames';
import styles from './Tabs.module.css';

export interface TabItem {
  /** Stable id, unique within this Tabs (used for element ids and selection). */
  id: string;
  /** Tab text (the tab's accessible name). */
  label: ReactNode;
  /** Panel content. All panels are rendered; inactive ones are `hidden`. */
  content: ReactNode;
}

export type TabsAppearance = 'underline' | 'pills';

export interface TabsProps {
  tabs: readonly TabItem[];
  /** Accessible name of the tablist (give this or `labelledBy`). */
  label?: string;
  /** id of a visible heading that names the tablist. */
  labelledBy?: string;
  /** Initially selected tab (uncontrolled). Default: the first tab. */
  defaultSelectedId?: string;
  /** Selected tab (controlled); pair with `onSelectedChange`. */
  selectedId?: string;
  onSelectedChange?: (id: string) => void;
  /** Default "underline". */
  appearance?: TabsAppearance;
  className?: string;
  panelClassName?: string;
}

/** WAI-ARIA tabs with automatic activation, so arrow keys move between tabs as screen reader users expect. */
export function Tabs({
  tabs,
  label,
  labelledBy,
  defaultSelectedId,
  selectedId: selectedIdProp,
  onSelectedChange,
  appearance = 'underline',
  className,
  panelClassName,
}: TabsProps) {
  const baseId = useId();
  const [uncontrolledId, setUncontrolledId] = useState(defaultSelectedId ?? tabs[0]?.id);
  const requestedId = selectedIdProp ?? uncontrolledId;
  const selectedId = tabs.some((t) => t.id === requestedId) ? requestedId : tabs[0]?.id;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const tabDomId = (id: string) => `${baseId}-tab-${id}`;
  const panelDomId = (id: string) => `${baseId}-panel-${id}`;

  function select(id: string, focus: boolean) {
    if (selectedIdProp === undefined) setUncontrolledId(id);
    if (id !== selectedId) onSelectedChange?.(id);
    if (focus) tabRefs.current.get(id)?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = index === last ? 0 : index + 1;
        break;
      case 'ArrowLeft':
        next = index === 0 ? last : index - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    select(tabs[next].id, true);
  }

  return (
    <div className={cx(styles.tabs, styles[appearance], className)}>
      <div role="tablist" aria-label={label} aria-labelledby={labelledBy} aria-orientation="horizontal" className={styles.list}>
        {tabs.map((tab, index) => {
          const selected = tab.id === selectedId;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.id, el);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabDomId(tab.id)}
              aria-selected={selected}
              aria-controls={panelDomId(tab.id)}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => select(tab.id, false)}
              onKeyDown={(event) => handleKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelDomId(tab.id)}
          aria-labelledby={tabDomId(tab.id)}
          hidden={tab.id !== selectedId}
          tabIndex={0}
          className={cx(styles.panel, panelClassName)}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}

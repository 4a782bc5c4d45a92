import { memo, useId } from 'react';
import { Boxes, CalendarClock, ClipboardList } from 'lucide-react';
import styles from './QuickActions.module.css';

const ACTIONS = [
  { title: 'Manage Inventory', text: 'Check parts and stock levels for your jobs.', Icon: Boxes },
  { title: 'Unassigned Services', text: 'Pick up jobs that have no technician yet.', Icon: ClipboardList },
  { title: 'Service Scheduling', text: 'Plan upcoming bays and time slots.', Icon: CalendarClock },
] as const;

/**
 * Spec §2: quick action cards whose links are not wired. They are plain, non-interactive cards with a
 * "Coming soon" hint — no dead links or buttons that do nothing.
 */
function QuickActions() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.heading}>
        Quick Actions
      </h2>
      <ul className={styles.cards}>
        {ACTIONS.map(({ title, text, Icon }) => (
          <li key={title} className={styles.card}>
            <span className={styles.icon} aria-hidden="true">
              <Icon />
            </span>
            <div className={styles.body}>
              <h3 className={styles.title}>{title}</h3>
              <p className={styles.text}>{text}</p>
              <p className={styles.soon}>Coming soon</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default memo(QuickActions);

import styles from './dashboard.module.css';

/**
 * The top of the technician's dashboard: the welcome and, once approved, what the page is for. Also the dashboard's
 * pre-rendered frame (../frames.tsx), without the name, so a returning technician's page paints from its HTML.
 */
export function TechnicianDashboardIntro({ name, approved }: { name?: string; approved: boolean }) {
  return (
    <header className={styles.intro}>
      <h1 className={styles.title}>{name ? `Welcome back, ${name}` : 'Welcome back'}</h1>
      {approved && <p className={styles.subtitle}>Your assigned services, status updates and logged hours at a glance.</p>}
    </header>
  );
}

/** The frame of an approved technician's dashboard: its top, above the shell's grey blocks. */
export function TechnicianDashboardFrame() {
  return (
    <div className={styles.page}>
      <TechnicianDashboardIntro approved />
    </div>
  );
}

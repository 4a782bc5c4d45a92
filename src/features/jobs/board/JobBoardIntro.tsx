import type { ReactNode, Ref } from 'react';
import styles from './JobBoard.module.css';

/**
 * The top of the admin board: its heading, what it shows (`subtitle`, the whole board's unless a day is chosen) and
 * today's date. Also the board's pre-rendered frame (src/app/routes/frames.tsx), without the date (the build's day is
 * not the visitor's), so a returning admin's board paints from its HTML.
 */
export function JobBoardIntro({ titleRef, subtitle, today }: { titleRef?: Ref<HTMLHeadingElement>; subtitle?: string; today?: ReactNode }) {
  return (
    <header className={styles.header}>
      <div>
        <h1 ref={titleRef} className={styles.title} tabIndex={-1}>
          Admin Dashboard
        </h1>
        <p className={styles.subtitle}>{subtitle ?? 'Services from today on, soonest first. Assign technicians to new appointments.'}</p>
      </div>
      {today}
    </header>
  );
}

/** The frame of the admin board: its top, above the shell's grey blocks. */
export function JobBoardFrame() {
  return (
    <div className={styles.page}>
      <JobBoardIntro />
    </div>
  );
}

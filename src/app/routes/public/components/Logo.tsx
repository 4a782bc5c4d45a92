import styles from './Logo.module.css';

/** CarCare brand mark + word mark. Decorative: the surrounding link carries the accessible name. */
export function Logo() {
  return (
    <span className={styles.logo} aria-hidden="true">
      <svg className={styles.mark} viewBox="0 0 32 32" focusable="false">
        <defs>
          <linearGradient id="cc-logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fb923c" />
            <stop offset="1" stopColor="#f59e0b" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill="url(#cc-logo-gradient)" />
        <path
          d="M7 19l2.5-6.2A2 2 0 0 1 11.4 11.5h9.2a2 2 0 0 1 1.9 1.3L25 19v4a1 1 0 0 1-1 1h-1.5a1 1 0 0 1-1-1v-1h-11v1a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1z"
          fill="#0f172a"
        />
        <path d="M10.4 17.5l1.5-4h8.2l1.5 4z" fill="#fdba74" opacity="0.9" />
        <circle cx="11" cy="19.6" r="1.4" fill="#fbbf24" />
        <circle cx="21" cy="19.6" r="1.4" fill="#fbbf24" />
      </svg>
      <span className={styles.word}>
        Car<span className={styles.accent}>Care</span>
      </span>
    </span>
  );
}

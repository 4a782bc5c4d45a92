import styles from './LocationMap.module.css';

export interface LocationMapProps {
  /** The place shown, e.g. the service centre's name. */
  place: string;
  /** Extra line under the place (e.g. the bay). */
  detail?: string;
}

/** A map placeholder drawn with SVG (no external images or map service): where a real map would go. */
export function LocationMap({ place, detail }: LocationMapProps) {
  return (
    <figure className={styles.figure}>
      <svg className={styles.map} viewBox="0 0 320 160" role="img" aria-label={`Map placeholder showing ${place}`} focusable="false">
        <rect width="320" height="160" rx="10" className={styles.ground} />
        <path d="M0 122 C 70 104, 120 146, 180 132 S 280 108, 320 120 L 320 160 L 0 160 Z" className={styles.water} />
        <g className={styles.blocks}>
          <rect x="18" y="14" width="62" height="38" rx="4" />
          <rect x="98" y="14" width="70" height="38" rx="4" />
          <rect x="188" y="14" width="56" height="38" rx="4" />
          <rect x="18" y="70" width="62" height="36" rx="4" />
          <rect x="188" y="70" width="112" height="30" rx="4" />
        </g>
        <g className={styles.streets}>
          <line x1="0" y1="61" x2="320" y2="61" />
          <line x1="89" y1="0" x2="89" y2="124" />
          <line x1="178" y1="0" x2="178" y2="134" />
          <line x1="254" y1="0" x2="254" y2="64" />
        </g>
        <circle cx="134" cy="86" r="20" className={styles.halo} />
        <path d="M134 58 c -10 0 -17 7 -17 17 c 0 13 17 28 17 28 s 17 -15 17 -28 c 0 -10 -7 -17 -17 -17 z" className={styles.pin} />
        <circle cx="134" cy="75" r="6" className={styles.pinDot} />
      </svg>
      <figcaption className={styles.caption}>
        <strong>{place}</strong>
        {detail && <span> · {detail}</span>}
        <span className={styles.note}>Map preview — interactive maps are not available yet.</span>
      </figcaption>
    </figure>
  );
}

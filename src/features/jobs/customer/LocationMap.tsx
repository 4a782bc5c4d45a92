import { ExternalLink } from 'lucide-react';
import styles from './LocationMap.module.css';

/** Where the map site's search for an address opens (an ordinary link: no external script or image on our page). */
export const MAP_SEARCH_URL = 'https://www.openstreetmap.org/search';

/** The map site's search for `address`. */
export function mapSearchUrl(address: string): string {
  return `${MAP_SEARCH_URL}?query=${encodeURIComponent(address)}`;
}

export interface LocationMapProps {
  /** The service centre's name. */
  place: string;
  /** Its street address, as the catalogue gives it. */
  address: string;
}

/** The drawing is an inline SVG because the CSP allows img-src 'self' data: only. */
export function LocationMap({ place, address }: LocationMapProps) {
  return (
    <figure className={styles.figure}>
      <svg className={styles.map} viewBox="0 0 320 160" aria-hidden="true" focusable="false">
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
        <address className={styles.address}>{address}</address>
        <a className={styles.link} href={mapSearchUrl(address)} target="_blank" rel="noopener noreferrer">
          Open in OpenStreetMap
          <span className="visually-hidden"> (opens in a new tab)</span>
          <ExternalLink aria-hidden="true" className={styles.linkIcon} />
        </a>
      </figcaption>
    </figure>
  );
}

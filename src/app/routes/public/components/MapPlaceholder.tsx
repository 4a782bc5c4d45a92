/** A stylised street map drawn in SVG — a placeholder where a real map would be embedded. */
export function MapPlaceholder({ label, className }: { label: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 320 180" role="img" aria-label={label} focusable="false">
      <rect width="320" height="180" rx="12" fill="#172a4d" />
      {/* park and water */}
      <rect x="196" y="18" width="70" height="44" rx="6" fill="#1f4d3a" />
      <path d="M0 138 C 60 120, 110 160, 170 146 S 270 120, 320 134 L 320 180 L 0 180 Z" fill="#1e3a66" />
      {/* blocks */}
      <g fill="#1e3358">
        <rect x="22" y="18" width="64" height="40" rx="4" />
        <rect x="104" y="18" width="72" height="40" rx="4" />
        <rect x="22" y="76" width="64" height="42" rx="4" />
        <rect x="196" y="80" width="100" height="34" rx="4" />
      </g>
      {/* streets */}
      <g stroke="#334e7d" strokeWidth="8" strokeLinecap="round">
        <line x1="0" y1="67" x2="320" y2="67" />
        <line x1="95" y1="0" x2="95" y2="140" />
        <line x1="186" y1="0" x2="186" y2="150" />
      </g>
      <path d="M 0 124 C 80 112, 200 128, 320 70" fill="none" stroke="#f97316" strokeOpacity="0.55" strokeWidth="4" strokeDasharray="10 8" strokeLinecap="round" />
      {/* pin */}
      <circle cx="140" cy="92" r="22" fill="#f97316" opacity="0.18" />
      <path d="M140 62 c -11 0 -19 8 -19 19 c 0 14 19 31 19 31 s 19 -17 19 -31 c 0 -11 -8 -19 -19 -19 z" fill="#f97316" />
      <circle cx="140" cy="81" r="7" fill="#0f172a" />
    </svg>
  );
}

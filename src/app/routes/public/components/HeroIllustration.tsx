/** Decorative hero artwork: a sports coupe over a tachometer arc, drawn with inline SVG only. */
export function HeroIllustration({ className }: { className?: string }) {
  const ticks = Array.from({ length: 15 }, (_, i) => {
    const angle = Math.PI + (i / 14) * Math.PI; // 180° → 360°, left to right over the top
    const inner = i % 2 === 0 ? 196 : 204;
    return {
      x1: 320 + Math.cos(angle) * inner,
      y1: 230 + Math.sin(angle) * inner,
      x2: 320 + Math.cos(angle) * 214,
      y2: 230 + Math.sin(angle) * 214,
      major: i % 2 === 0,
      redline: i >= 12,
    };
  });

  return (
    <svg className={className} viewBox="0 0 640 330" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="cc-hero-glow" cx="50%" cy="60%" r="55%">
          <stop offset="0" stopColor="#f97316" stopOpacity="0.45" />
          <stop offset="0.55" stopColor="#f97316" stopOpacity="0.08" />
          <stop offset="1" stopColor="#f97316" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="cc-hero-arc" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#94a3b8" stopOpacity="0.15" />
          <stop offset="0.7" stopColor="#fbbf24" stopOpacity="0.7" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
        <linearGradient id="cc-hero-body" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f8fafc" />
          <stop offset="0.45" stopColor="#cbd5e1" />
          <stop offset="1" stopColor="#475569" />
        </linearGradient>
        <linearGradient id="cc-hero-glass" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#284b82" />
          <stop offset="1" stopColor="#0f172a" />
        </linearGradient>
        <radialGradient id="cc-hero-rim" cx="50%" cy="40%" r="60%">
          <stop offset="0" stopColor="#e2e8f0" />
          <stop offset="1" stopColor="#64748b" />
        </radialGradient>
        <linearGradient id="cc-hero-speed" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#f97316" stopOpacity="0" />
          <stop offset="1" stopColor="#f97316" stopOpacity="0.8" />
        </linearGradient>
      </defs>

      {/* glow and tachometer arc */}
      <ellipse cx="320" cy="200" rx="300" ry="150" fill="url(#cc-hero-glow)" />
      <path d="M 106 230 A 214 214 0 0 1 534 230" fill="none" stroke="url(#cc-hero-arc)" strokeWidth="4" strokeLinecap="round" />
      {ticks.map((t, i) => (
        <line
          key={i}
          x1={t.x1}
          y1={t.y1}
          x2={t.x2}
          y2={t.y2}
          stroke={t.redline ? '#f97316' : '#cbd5e1'}
          strokeOpacity={t.redline ? 1 : t.major ? 0.55 : 0.3}
          strokeWidth={t.major ? 3 : 2}
          strokeLinecap="round"
        />
      ))}
      {/* needle */}
      <line x1="320" y1="230" x2="478" y2="118" stroke="#fb923c" strokeWidth="3" strokeLinecap="round" opacity="0.55" />

      {/* speed lines */}
      <g stroke="url(#cc-hero-speed)" strokeLinecap="round">
        <line x1="0" y1="196" x2="70" y2="196" strokeWidth="4" />
        <line x1="14" y1="214" x2="60" y2="214" strokeWidth="3" />
        <line x1="24" y1="178" x2="78" y2="178" strokeWidth="2" />
      </g>

      {/* ground shadow */}
      <ellipse cx="324" cy="272" rx="270" ry="14" fill="#020617" opacity="0.55" />

      {/* wheel wells (seen through the arches) */}
      {[170, 470].map((cx) => (
        <path key={cx} d={`M ${cx - 56} 242 A 56 56 0 0 1 ${cx + 56} 242 Z`} fill="#0b1220" />
      ))}

      {/* body */}
      <path
        d="M 70 242 C 62 226 64 206 82 196 L 170 178 C 214 142 262 124 322 122 C 372 120 408 130 446 154 L 506 172 C 548 178 576 190 588 208 C 594 218 594 232 586 240 L 528 242 A 58 58 0 0 0 412 242 L 228 242 A 58 58 0 0 0 112 242 Z"
        fill="url(#cc-hero-body)"
      />
      {/* glasshouse */}
      <path
        d="M 206 174 C 244 148 282 136 322 135 C 362 134 394 142 426 162 L 432 174 Z"
        fill="url(#cc-hero-glass)"
      />
      <path d="M 236 168 L 270 146 L 288 146 L 254 168 Z" fill="#ffffff" opacity="0.16" />
      <rect x="326" y="134" width="6" height="42" fill="#cbd5e1" />
      {/* shoulder line + orange stripe */}
      <path d="M 96 200 C 250 188 430 186 574 202" fill="none" stroke="#ffffff" strokeOpacity="0.5" strokeWidth="2" />
      <path d="M 118 222 C 260 212 420 210 560 220" fill="none" stroke="#f97316" strokeWidth="4" strokeLinecap="round" />
      {/* door handle, lights */}
      <rect x="352" y="188" width="26" height="5" rx="2.5" fill="#334155" />
      <path d="M 566 196 C 578 198 586 204 588 210 L 570 208 Z" fill="#fde68a" />
      <ellipse cx="590" cy="208" rx="26" ry="7" fill="#fbbf24" opacity="0.25" />
      <path d="M 70 206 L 86 200 L 88 212 L 68 216 Z" fill="#ef4444" />

      {/* wheels */}
      {[170, 470].map((cx) => (
        <g key={cx}>
          <circle cx={cx} cy="244" r="44" fill="#0b1220" />
          <circle cx={cx} cy="244" r="40" fill="#1e293b" />
          <circle cx={cx} cy="244" r="29" fill="url(#cc-hero-rim)" />
          {[0, 72, 144, 216, 288].map((deg) => (
            <line
              key={deg}
              x1={cx}
              y1="244"
              x2={cx + Math.cos((deg * Math.PI) / 180) * 26}
              y2={244 + Math.sin((deg * Math.PI) / 180) * 26}
              stroke="#334155"
              strokeWidth="5"
              strokeLinecap="round"
            />
          ))}
          <path
            d={`M ${cx - 22} ${244 - 14} A 26 26 0 0 1 ${cx + 6} ${244 - 26}`}
            fill="none"
            stroke="#f97316"
            strokeWidth="6"
            strokeLinecap="round"
          />
          <circle cx={cx} cy="244" r="7" fill="#0f172a" />
          <circle cx={cx} cy="244" r="3" fill="#fb923c" />
        </g>
      ))}
    </svg>
  );
}

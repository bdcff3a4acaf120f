/** Mount Fuji at dusk with a torii and a pagoda: drawn SVG, about 2 KB, no external assets. */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 360" className={className} role="img" aria-hidden focusable="false">
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f8d9c4" />
          <stop offset="0.55" stopColor="#f3e6d8" />
          <stop offset="1" stopColor="#e9eef6" />
        </linearGradient>
        <linearGradient id="fuji" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#5b7fb5" />
          <stop offset="1" stopColor="#1f4e8c" />
        </linearGradient>
        <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#c9d7ea" />
          <stop offset="1" stopColor="#9fb6d6" />
        </linearGradient>
      </defs>
      <rect width="480" height="360" rx="24" fill="url(#sky)" />
      <circle cx="360" cy="96" r="42" fill="#d9472b" opacity="0.9" />
      <path d="M40 250 L200 92 Q240 70 280 92 L440 250 Z" fill="url(#fuji)" />
      <path d="M200 92 Q240 70 280 92 L300 112 L282 106 L266 122 L250 104 L232 124 L216 106 L186 112 Z" fill="#fff" />
      <path d="M0 236 Q120 214 240 236 T480 232 V300 H0 Z" fill="#7c98c2" opacity="0.55" />
      <rect y="262" width="480" height="98" rx="0" fill="url(#water)" />
      <path d="M0 262 H480" stroke="#ffffff" strokeOpacity="0.7" strokeWidth="2" />
      <g fill="#1c1917" opacity="0.85">
        <rect x="386" y="176" width="8" height="86" />
        <path d="M370 176 h40 l-6 -10 h-28 z" />
        <path d="M374 196 h32 l-5 -9 h-22 z" />
        <path d="M377 216 h26 l-4 -8 h-18 z" />
        <path d="M380 236 h20 l-3 -7 h-14 z" />
        <rect x="389" y="150" width="2" height="18" />
      </g>
      <g>
        <rect x="86" y="196" width="9" height="66" fill="#c23b22" />
        <rect x="145" y="196" width="9" height="66" fill="#c23b22" />
        <rect x="78" y="206" width="84" height="7" rx="2" fill="#c23b22" />
        <path d="M66 188 Q120 176 174 188 L172 198 Q120 188 68 198 Z" fill="#d9472b" />
        <rect x="64" y="184" width="112" height="5" rx="2.5" fill="#1c1917" />
      </g>
      <g stroke="#ffffff" strokeOpacity="0.8" strokeWidth="2" strokeLinecap="round">
        <path d="M60 292 h50" />
        <path d="M150 310 h80" />
        <path d="M300 288 h60" />
        <path d="M340 318 h70" />
      </g>
    </svg>
  );
}

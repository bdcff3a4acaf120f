/**
 * A small drawn banner per service city: a colour pair and a landmark silhouette, so city tiles
 * have real pictures without fetching any.
 */
const PALETTES: Record<string, [string, string]> = {
  tokyo: ['#1f4e8c', '#6d8fc4'],
  kyoto: ['#9e2f19', '#e07a5f'],
  osaka: ['#c98a12', '#f0c36a'],
  hiroshima: ['#2f7d4f', '#8cc7a1'],
  sapporo: ['#4f6d8f', '#b8cde3'],
  nara: ['#6b5b3e', '#c9b48a'],
  yokohama: ['#15345d', '#5b8bc9'],
  kobe: ['#7a3e6b', '#d39ac3'],
  fukuoka: ['#a8462f', '#f2a07b'],
  nagoya: ['#3d5a4a', '#9dbfa9'],
};

const LANDMARKS: Record<string, string> = {
  // Tower
  tokyo: 'M58 70 L64 18 L70 70 Z M54 70 h20 v4 h-20 z M61 40 h6 v3 h-6z',
  // Pagoda
  kyoto: 'M62 74 V20 M48 34 h28 l-5 -6 h-18z M50 46 h24 l-4 -6 h-16z M52 58 h20 l-4 -6 h-12z M54 70 h16 l-3 -6 h-10z',
  // Castle
  osaka: 'M44 74 h40 v-14 h-40z M50 60 h28 l-4 -8 h-20z M54 52 h20 v-8 h-20z M56 44 h16 l-4 -7 h-8z',
  // Dome
  hiroshima: 'M46 74 h36 v-20 h-36z M52 54 a12 12 0 0 1 24 0z M63 42 v-8',
  // Clock tower
  sapporo: 'M52 74 h24 v-26 h-24z M56 48 h16 v-12 h-16z M64 36 l-8 -8 h16z',
  // Deer
  nara: 'M48 74 v-16 h22 v16 M70 58 l6 -10 l4 2 M76 48 l-2 -10 M80 50 l4 -8 M48 58 q-4 -6 0 -8',
  // Ferris wheel
  yokohama: 'M64 44 m-18 0 a18 18 0 1 0 36 0 a18 18 0 1 0 -36 0 M64 44 L56 74 M64 44 L72 74 M50 74 h28',
  // Port tower
  kobe: 'M58 74 L54 26 h20 L70 74z M54 26 q10 -8 20 0',
  // Tower by the sea
  fukuoka: 'M60 74 L62 22 h4 L68 74z M50 74 h28 M58 30 h12',
  // Castle with golden fish
  nagoya: 'M46 74 h36 v-12 h-36z M52 62 h24 l-4 -9 h-16z M56 53 h16 v-8 h-16z M58 45 l6 -8 l6 8z',
};

export function CityArt({ slug, className }: { slug: string; className?: string }) {
  const [dark, light] = PALETTES[slug] ?? ['#1f4e8c', '#6d8fc4'];
  const id = `city-${slug}`;
  return (
    <svg viewBox="0 0 128 80" className={className} aria-hidden focusable="false" preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
      </defs>
      <rect width="128" height="80" fill={`url(#${id})`} />
      <circle cx="100" cy="20" r="9" fill="#fff" opacity="0.35" />
      <path d={LANDMARKS[slug] ?? ''} fill="#fff" fillOpacity="0.85" stroke="#fff" strokeOpacity="0.9" strokeWidth="1.5" strokeLinejoin="round" />
      <rect y="74" width="128" height="6" fill="#000" opacity="0.12" />
    </svg>
  );
}

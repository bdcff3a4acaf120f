/**
 * Illustrated portraits for guides without an uploaded photo (the demo seed has no internet).
 * Deterministic from a key: the same key always draws the same person. About 1.5 KB of SVG.
 */
function hash(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const BACKGROUNDS = [
  ['#fde2d4', '#f6b8a0'],
  ['#dbeafe', '#a5c4f0'],
  ['#dcfce7', '#9fd9b4'],
  ['#fef3c7', '#f2cf79'],
  ['#ede9fe', '#c3b5f2'],
  ['#fce7f3', '#f0abd0'],
  ['#e0f2fe', '#8fd0f0'],
  ['#f5f5f4', '#d6cfc7'],
  ['#ffedd5', '#f7bf86'],
  ['#e6f4ea', '#b7dcc0'],
] as const;
const SKIN = ['#f9dcc4', '#f1c9a5', '#e8b48f', '#d69e78', '#c68863', '#a8714f'] as const;
const HAIR = ['#1c1917', '#2d1e16', '#4a2f22', '#6b4226', '#8a5a35', '#3b3b45', '#b07a4a', '#5a2e3a'] as const;
const SHIRT = [
  '#1f4e8c',
  '#d9472b',
  '#2f7d4f',
  '#7c3aed',
  '#0f766e',
  '#b45309',
  '#be185d',
  '#334155',
  '#0369a1',
] as const;

export function avatarSvg(key: string, sex?: string | null): string {
  let h = hash(key);
  const pick = <T>(list: readonly T[]): T => {
    const v = list[h % list.length]!;
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    return v;
  };
  const [bg1, bg2] = pick(BACKGROUNDS);
  const skin = pick(SKIN);
  const hair = pick(HAIR);
  const shirt = pick(SHIRT);
  const longHair = sex === 'female' ? h % 4 !== 0 : sex === 'male' ? h % 6 === 0 : h % 2 === 0;
  const style = h % 3;
  const glasses = h % 5 === 0;
  const smile = ['M88 124 Q100 134 112 124', 'M90 125 Q100 131 110 125', 'M89 123 Q100 136 111 123'][style]!;
  const back = longHair
    ? `<path d="M52 100 Q50 46 100 42 Q150 46 148 100 L152 168 Q100 178 48 168 Z" fill="${hair}"/>`
    : '';
  const top = [
    `<path d="M58 96 Q56 50 100 48 Q144 50 142 96 Q132 70 100 68 Q72 68 58 96 Z" fill="${hair}"/>`,
    `<path d="M56 98 Q54 46 104 46 Q146 50 144 92 Q124 62 96 74 Q74 80 56 98 Z" fill="${hair}"/>`,
    `<path d="M60 92 Q60 52 100 50 Q140 52 140 92 Q140 74 120 66 Q100 76 80 66 Q62 74 60 92 Z" fill="${hair}"/>`,
  ][style]!;
  const specs = glasses
    ? `<g fill="none" stroke="#292524" stroke-width="2.5"><circle cx="84" cy="104" r="9"/><circle cx="116" cy="104" r="9"/><path d="M93 104 H107"/></g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs><rect width="200" height="200" fill="url(#b)"/><circle cx="160" cy="40" r="18" fill="#ffffff" opacity="0.35"/>${back}<path d="M36 200 Q40 152 100 148 Q160 152 164 200 Z" fill="${shirt}"/><path d="M88 136 H112 V154 Q100 162 88 154 Z" fill="${skin}"/><ellipse cx="100" cy="102" rx="40" ry="44" fill="${skin}"/>${top}<circle cx="84" cy="104" r="4" fill="#292524"/><circle cx="116" cy="104" r="4" fill="#292524"/>${specs}<ellipse cx="76" cy="118" rx="6" ry="3.5" fill="#f28b82" opacity="0.35"/><ellipse cx="124" cy="118" rx="6" ry="3.5" fill="#f28b82" opacity="0.35"/><path d="${smile}" fill="none" stroke="#7c2d12" stroke-width="3" stroke-linecap="round"/></svg>`;
}

/** The URL the seed stores as a guide's profile picture. */
export function avatarUrl(key: string, sex?: string | null): string {
  return `/api/v2/avatars/${key}${sex === 'female' ? '-f' : sex === 'male' ? '-m' : ''}.svg`;
}

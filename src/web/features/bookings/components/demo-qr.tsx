import { useMemo } from 'react';

const N = 25;

/** A QR-looking pattern drawn from a payment reference: decoration for the demo page, not a real code. */
export function DemoQr({ seed, label, className }: { seed: string; label: string; className?: string }) {
  const cells = useMemo(() => {
    let h = 2166136261;
    for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    const next = () => {
      h ^= h << 13;
      h ^= h >>> 17;
      h ^= h << 5;
      return (h >>> 0) / 4294967296;
    };
    const finder = (x: number, y: number) => {
      for (const [fx, fy] of [
        [0, 0],
        [N - 7, 0],
        [0, N - 7],
      ] as const) {
        const dx = x - fx;
        const dy = y - fy;
        if (dx >= -1 && dx <= 7 && dy >= -1 && dy <= 7) {
          if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return 0;
          const ring = Math.min(dx, dy, 6 - dx, 6 - dy);
          return ring === 1 ? 0 : 1;
        }
      }
      return -1;
    };
    const out: [number, number][] = [];
    for (let y = 0; y < N; y++) {
      for (let x = 0; x < N; x++) {
        const f = finder(x, y);
        if (f === 1 || (f === -1 && next() < 0.48)) out.push([x, y]);
      }
    }
    return out;
  }, [seed]);
  return (
    <svg
      viewBox={`-2 -2 ${N + 4} ${N + 4}`}
      width={200}
      height={200}
      role="img"
      aria-label={label}
      className={className}
    >
      <rect x={-2} y={-2} width={N + 4} height={N + 4} fill="#fff" />
      {cells.map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={1.02} height={1.02} fill="#1c1917" />
      ))}
    </svg>
  );
}

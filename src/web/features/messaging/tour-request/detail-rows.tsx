import type { ReactNode } from 'react';

/** A card's label–value rows (a tour request's, an offer's), two columns that wrap long values. */
export function DetailRows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-stone-500 dark:text-stone-400">{k}</dt>
          <dd className="break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

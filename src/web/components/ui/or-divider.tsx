import type { ReactNode } from 'react';

/**
 * A rule across the card with a few words in it, between two ways of doing the same thing (sign in by phone, or by
 * password).
 */
export function OrDivider({ children }: { children: ReactNode }) {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-stone-600 dark:text-stone-400">
      <span className="h-px flex-1 bg-stone-200 dark:bg-stone-800" aria-hidden />
      <span className="text-center">{children}</span>
      <span className="h-px flex-1 bg-stone-200 dark:bg-stone-800" aria-hidden />
    </div>
  );
}

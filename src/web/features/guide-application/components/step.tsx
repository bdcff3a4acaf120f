import type { ReactNode } from 'react';
import type { FormState } from '../form';

// What every page of the wizard shares: the props the wizard hands it and its titled sections.

export interface StepProps {
  form: FormState;
  set: (patch: Partial<FormState>) => void;
  /** The message to show for a field (once touched, or after a submit attempt), or null. */
  err: (key: string) => string | null;
  touch: (key: string) => () => void;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4">
      <h3 className="border-b border-stone-200 pb-1.5 text-sm font-semibold uppercase tracking-wide text-stone-600 dark:border-stone-800 dark:text-stone-400">
        {title}
      </h3>
      {children}
    </section>
  );
}

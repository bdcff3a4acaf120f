import { useTranslation } from 'react-i18next';

/** The loading indicator for whole views (the trips page has always shown a spinner). */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center py-16 text-stone-500 dark:text-stone-400">
      <span
        className="h-8 w-8 animate-spin rounded-full border-[3px] border-primary-200 border-t-primary-600"
        aria-hidden
      />
      <span className="sr-only">{label ?? t('states.loading')}</span>
    </div>
  );
}

/** Shown while a lazily loaded page arrives: keeps the layout steady instead of flashing blank. */
export function PageFallback() {
  return (
    <div className="mx-auto min-h-[50vh] w-full max-w-6xl px-4 py-10">
      <Spinner />
    </div>
  );
}

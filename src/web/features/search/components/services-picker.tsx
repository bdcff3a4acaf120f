import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/locales';
import type { ServiceCategory } from '../../../../shared/schemas/catalog';
import { cn } from '../../../lib/cn';
import { localName } from '../../../lib/format';

/**
 * Multi-select of service subcategories, grouped by category: a button that opens a panel of
 * native checkboxes (keyboard and screen-reader friendly, no popover library on the landing page).
 * Escape or a click outside closes it.
 */
export function ServicesPicker({
  categories,
  fallback,
  value,
  onChange,
  locale,
  triggerClass,
  labelId,
}: {
  categories: ServiceCategory[] | undefined;
  fallback?: boolean;
  value: number[];
  onChange: (value: number[]) => void;
  locale: Locale;
  triggerClass: string;
  labelId: string;
}) {
  const { t } = useTranslation('search');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const name = (item: { nameEn: string; nameCn: string; nameJa: string }) => localName(item, locale);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className={cn(triggerClass, 'flex items-center justify-between text-left')}
        aria-expanded={open}
        aria-controls={panelId}
        aria-labelledby={`${labelId} ${panelId}-value`}
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${panelId}-value`} className="truncate">
          {value.length ? t('form.servicesChosen', { count: value.length }) : t('form.anyService')}
        </span>
        <ChevronDown
          className={cn('h-4 w-4 shrink-0 text-stone-500 dark:text-stone-400 transition', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute left-0 z-40 mt-2 max-h-[min(24rem,70vh)] w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-xl border border-stone-200 bg-white p-3 shadow-xl sm:right-auto lg:left-auto lg:right-0 dark:border-stone-700 dark:bg-stone-900"
        >
          {fallback && <p className="pb-2 text-xs text-stone-500 dark:text-stone-400">{t('form.servicesFallback')}</p>}
          {(categories ?? []).map((c) => (
            <fieldset key={c.id} className="mb-2">
              <legend className="pb-1 text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">
                {name(c)}
              </legend>
              {c.subcategories.map((s) => (
                <label
                  key={s.id}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1.5 text-sm hover:bg-primary-50 dark:hover:bg-primary-900/40"
                >
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-primary-600"
                    checked={value.includes(s.id)}
                    onChange={(e) =>
                      onChange(e.target.checked ? [...new Set([...value, s.id])] : value.filter((x) => x !== s.id))
                    }
                  />
                  {name(s)}
                </label>
              ))}
            </fieldset>
          ))}
          {value.length > 0 && (
            <button
              type="button"
              onClick={() => onChange([])}
              className="mt-1 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
            >
              {t('form.clearServices')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

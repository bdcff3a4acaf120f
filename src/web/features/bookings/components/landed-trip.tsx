import { MapPinned } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The list item of the booking a link landed on (decision 103): scrolled into view below the sticky
 * header, marked with a ring and a line saying so, and given focus so a screen reader starts there.
 * Once per landing: a card that re-renders (a live update) is not scrolled to again. The frame is drawn
 * inside the item's own box (an inset ring around a padding), not outside it: a ring with an offset was
 * painted beyond the item, where any ancestor that clips its overflow cut it off.
 */
export function LandedTrip({ children }: { children: ReactNode }) {
  const { t } = useTranslation('trips');
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, []);
  return (
    <li
      ref={ref}
      tabIndex={-1}
      aria-current="true"
      data-testid="landed-trip"
      className="scroll-mt-24 rounded-[calc(var(--radius-card)+8px)] p-2 outline-none ring-2 ring-inset ring-accent-500"
    >
      <p className="mb-2 ms-1 inline-flex items-center gap-1.5 text-sm font-semibold text-accent-700 dark:text-accent-100">
        <MapPinned className="h-4 w-4" aria-hidden />
        {t('landed.label')}
      </p>
      {children}
    </li>
  );
}

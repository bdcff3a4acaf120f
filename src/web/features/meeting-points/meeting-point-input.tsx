import { MapPin } from 'lucide-react';
import {
  forwardRef,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../shared/locales';
import {
  meetingPointAddress,
  meetingPointName,
  searchMeetingPoints,
  type MeetingPoint,
} from '../../../shared/meeting-points';
import { currentLocale } from '../../lib/i18n';
import { cn } from '../../lib/cn';
import { cityName } from '../../lib/format';

/** What choosing a place writes in a form: the address line, the postal code and the coordinates. */
export interface PickedMeetingPoint {
  meetingAddress: string;
  meetingPostalCode: string;
  meetingLat: number;
  meetingLng: number;
}

/** The form's values for a chosen place, in the reader's language. */
export function pickedMeetingPoint(p: MeetingPoint, locale: string): PickedMeetingPoint {
  return {
    meetingAddress: meetingPointAddress(p, locale),
    meetingPostalCode: p.postalCode,
    meetingLat: p.lat,
    meetingLng: p.lng,
  };
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'role' | 'type'>;

/**
 * The meeting address as an ARIA combobox: as the traveler types a station or sight in
 * Chinese, Japanese or English, a listbox offers the matching places of the ten cities; arrow keys
 * move through it, Enter or a tap chooses one (which fills address, postal code and coordinates
 * through `onPick`), Escape closes it. Anything else typed stays a free address (`onChange`).
 */
export const MeetingPointInput = forwardRef<
  HTMLInputElement,
  InputProps & {
    value: string;
    onChange: (text: string) => void;
    onPick: (p: PickedMeetingPoint) => void;
    city?: string | null;
  }
>(function MeetingPointInput({ value, onChange, onPick, city, className, onKeyDown, onBlur, ...rest }, ref) {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const results = useMemo(() => searchMeetingPoints(value, { city, limit: 8 }), [value, city]);
  const shown = open && results.length > 0;
  const optionId = (i: number) => `${listId}-opt-${i}`;
  const listRef = useRef<HTMLUListElement>(null);
  // The list opens below the field, often below the fold of a scrolling form (the chat's sheet, a
  // phone with its keyboard up): bring it, and then the active option, into view.
  useEffect(() => {
    if (!shown) return;
    const target = active >= 0 ? listRef.current?.children[active] : listRef.current;
    target?.scrollIntoView?.({ block: 'nearest' });
  }, [shown, active, results.length]);

  const choose = (p: MeetingPoint) => {
    onPick(pickedMeetingPoint(p, locale));
    setOpen(false);
    setActive(-1);
  };
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!results.length) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      // From no choice: the first down, the last up; then round the list.
      setActive((i) =>
        !shown || i < 0 ? (step === 1 ? 0 : results.length - 1) : (i + step + results.length) % results.length,
      );
    } else if (e.key === 'Enter' && shown && active >= 0 && results[active]) {
      e.preventDefault();
      choose(results[active]);
    } else if (e.key === 'Escape' && shown) {
      // Closes the list only, not the sheet or dialog the form sits in.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <input
        ref={ref}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="next"
        className={className}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={keyDown}
        onBlur={(e) => {
          setOpen(false);
          setActive(-1);
          onBlur?.(e);
        }}
        {...rest}
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t('meetingPoint.listLabel')}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 text-sm shadow-lg dark:border-stone-700 dark:bg-stone-900"
      >
        {shown &&
          results.map((p, i) => (
            <li
              key={p.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // mousedown, not click: the input must not lose focus (and close the list) first.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(p);
              }}
              onMouseMove={() => setActive(i)}
              className={cn(
                'flex cursor-pointer items-start gap-2 px-3 py-2',
                i === active && 'bg-primary-50 dark:bg-primary-900/40',
              )}
            >
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-primary-600 dark:text-primary-300" aria-hidden />
              <span className="min-w-0">
                <span className="block font-medium text-stone-900 dark:text-stone-100">
                  {meetingPointName(p, locale)}
                  {/* A Japanese reader's name is already the Japanese one: not written twice. */}
                  {locale !== 'ja' && (
                    <span lang="ja" className="ml-1.5 font-normal text-stone-500 dark:text-stone-400">
                      {p.nameJa}
                    </span>
                  )}
                </span>
                <span className="block text-xs text-stone-600 dark:text-stone-400">
                  {cityLabel(p.city, locale)} · <span className="tabular-nums">〒{p.postalCode}</span>
                </span>
              </span>
            </li>
          ))}
      </ul>
      <span className="sr-only" role="status" aria-live="polite">
        {open && value.trim() ? t('meetingPoint.results', { count: results.length }) : ''}
      </span>
    </div>
  );
});

const cityLabel = (slug: string, locale: Locale) => cityName(slug, locale);

import { Baby, Receipt } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHILD_MIN_AGE,
  choosableExtras,
  MAX_CHILD_AGE,
  type ChoosableExtraKind,
} from '../../../../shared/booking/family-plans';
import { formatMoney } from '../../../../shared/money-format';
import { CheckboxField, inputClass } from '../../../components/ui/form';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import type { BookableGuide, BookingDraft } from '../lib/selection';

type Family = Pick<BookingDraft, 'children' | 'infants' | 'childAges' | 'needs' | 'extras'>;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Each place its age: children's places (3–11) first, then infants' (0–2). An age that no longer fits
 * its place after the group changed is asked again rather than moved.
 */
function alignedAges(f: Pick<Family, 'children' | 'infants' | 'childAges'>): (number | null)[] {
  const ages = f.childAges ?? [];
  return range(0, f.children + f.infants - 1).map((i) => {
    const a = ages[i] ?? null;
    const child = i < f.children;
    return a !== null && (child ? a >= CHILD_MIN_AGE && a <= MAX_CHILD_AGE : a < CHILD_MIN_AGE) ? a : null;
  });
}

/**
 * What a family says in the booking box beyond its size (decision 178): the children's and infants'
 * ages and whether they bring a stroller or need a child seat (asked when the group has any), and the
 * guide's extras not included that they expect to pay at cost in person — ticked here, listed at the
 * checkout, never charged online. Native selects and checkboxes: Tab, arrows and Space work.
 */
export function FamilyChoices({
  guide,
  family,
  onChange,
}: {
  guide: Pick<BookableGuide, 'extras' | 'currency'>;
  family: Family;
  onChange: (patch: Partial<Family>) => void;
}) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  const id = useId();
  const young = family.children + family.infants;
  const ages = alignedAges(family);
  const offered = choosableExtras(guide.extras ?? []);
  const chosen = new Set(family.extras ?? []);
  const needs = family.needs ?? { stroller: false, childSeat: false };
  const toggle = (kind: ChoosableExtraKind, on: boolean) =>
    onChange({
      extras: offered
        .map((e) => e.kind)
        .filter((k, i, all) => all.indexOf(k) === i && (k === kind ? on : chosen.has(k))),
    });
  if (young === 0 && offered.length === 0) return null;
  return (
    <div className="space-y-3.5" data-testid="family-choices">
      {young > 0 && (
        <fieldset data-testid="child-ages">
          <legend className="flex items-center gap-1.5 text-sm font-medium">
            <Baby className="h-4 w-4 text-stone-500" aria-hidden />
            {t('family.agesTitle')}
          </legend>
          <p id={`${id}-ages-hint`} className="mt-0.5 text-xs text-stone-600 dark:text-stone-400">
            {t('family.agesHint')}
          </p>
          <div className="mt-1.5 grid grid-cols-2 gap-2">
            {ages.map((age, i) => {
              const child = i < family.children;
              const n = child ? i + 1 : i - family.children + 1;
              const label = child ? t('family.childN', { n }) : t('family.infantN', { n });
              return (
                <label key={i} className="block min-w-0 text-xs text-stone-600 dark:text-stone-400">
                  {label}
                  <select
                    className={cn(inputClass, 'mt-0.5')}
                    aria-describedby={`${id}-ages-hint`}
                    value={age === null ? '' : String(age)}
                    onChange={(e) => {
                      const next = [...ages];
                      next[i] = e.target.value === '' ? null : Number(e.target.value);
                      onChange({ childAges: next });
                    }}
                  >
                    <option value="">{t('family.ageUnset')}</option>
                    {(child ? range(CHILD_MIN_AGE, MAX_CHILD_AGE) : range(0, CHILD_MIN_AGE - 1)).map((a) => (
                      <option key={a} value={a}>
                        {a === 0 ? t('family.underOne') : t('family.age', { count: a })}
                      </option>
                    ))}
                  </select>
                </label>
              );
            })}
          </div>
          <div className="mt-2 space-y-1.5">
            <CheckboxField
              label={t('family.stroller')}
              checked={needs.stroller}
              onChange={(e) => onChange({ needs: { ...needs, stroller: e.target.checked } })}
            />
            <CheckboxField
              label={t('family.childSeat')}
              checked={needs.childSeat}
              onChange={(e) => onChange({ needs: { ...needs, childSeat: e.target.checked } })}
            />
          </div>
        </fieldset>
      )}
      {offered.length > 0 && (
        <fieldset aria-describedby={`${id}-extras-hint`} data-testid="extras-choice">
          <legend className="flex items-center gap-1.5 text-sm font-medium">
            <Receipt className="h-4 w-4 text-stone-500" aria-hidden />
            {t('family.extrasTitle')}
          </legend>
          <div className="mt-1.5 space-y-1.5">
            {offered
              .filter((e, i, all) => all.findIndex((x) => x.kind === e.kind) === i)
              .map((e) => {
                // `other` may be declared more than once: its amounts are added, as the checkout lists each.
                const cents = offered.filter((x) => x.kind === e.kind).reduce((sum, x) => sum + x.priceCents, 0);
                return (
                  <CheckboxField
                    key={e.kind}
                    checked={chosen.has(e.kind)}
                    onChange={(ev) => toggle(e.kind, ev.target.checked)}
                    label={t('family.extra', {
                      name: t(`family.kind.${e.kind}`),
                      price: formatMoney(cents, guide.currency ?? 'CNY', locale),
                    })}
                  />
                );
              })}
          </div>
          <p id={`${id}-extras-hint`} className="mt-1 text-xs text-stone-600 dark:text-stone-400">
            {t('family.extrasHint')}
          </p>
        </fieldset>
      )}
    </div>
  );
}

import { Baby, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money-format';
import type { Booking } from '../../../../shared/schemas/bookings';
import { currentLocale } from '../../../lib/i18n';

/**
 * What the family told the guide up front (decision 178), in words on the guide's cards: the children's
 * ages and needs ("Children: 8, 1 · stroller · child seat") and the extras they expect to pay at cost.
 * Nothing when they told nothing. Entries of the card's `<dl>`.
 */
export function FamilyFacts({ booking: b }: { booking: Pick<Booking, 'childAges' | 'needs' | 'extras'> }) {
  const { t } = useTranslation('bookings');
  const locale = currentLocale();
  const ages = b.childAges ?? [];
  const needs = [b.needs?.stroller && t('family.needStroller'), b.needs?.childSeat && t('family.needChildSeat')].filter(
    (x): x is string => !!x,
  );
  const sep = t('family.partSeparator');
  const agesText = ages
    .map((a) => (a === 0 ? t('family.underOne') : t('family.ageShort', { count: a })))
    .join(t('family.agesSeparator'));
  const family = ages.length
    ? [t('family.children', { ages: agesText }), ...needs].join(sep)
    : needs.length
      ? t('family.needsOnly', { needs: needs.join(sep) })
      : null;
  const extras = (b.extras ?? []).map((e) =>
    t('family.extraItem', { name: t(`family.kind.${e.kind}`), price: formatMoney(e.priceCents, e.currency, locale) }),
  );
  return (
    <>
      {family && (
        <div className="min-w-0 sm:col-span-2" data-testid="family-line">
          <dt className="sr-only">{t('family.agesTitle')}</dt>
          <dd className="flex items-start gap-1.5 text-stone-800 dark:text-stone-200">
            <Baby className="mt-0.5 h-4 w-4 shrink-0 text-stone-500" aria-hidden />
            <span>{family}</span>
          </dd>
        </div>
      )}
      {extras.length > 0 && (
        <div className="min-w-0 sm:col-span-2" data-testid="family-extras">
          <dt className="sr-only">{t('family.extrasTitle')}</dt>
          <dd className="flex items-start gap-1.5 text-stone-800 dark:text-stone-200">
            <Receipt className="mt-0.5 h-4 w-4 shrink-0 text-stone-500" aria-hidden />
            <span>{t('family.extrasLine', { extras: extras.join(t('family.extrasSeparator')) })}</span>
          </dd>
        </div>
      )}
    </>
  );
}

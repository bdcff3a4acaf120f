import { Check } from 'lucide-react';
import { BesideText } from '../../../components/ui/beside-text';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { GuideSummary } from '../../../../shared/schemas/guides';
import { ButtonLink } from '../../../components/ui/button';
import { MachineTranslationLabel } from '../../../components/ui/machine-translated';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { cityName, localName } from '../../../lib/format';
import { usePriceText } from '../../../lib/prices';
import { GuidePhoto } from './guide-photo';
import { htmlLang, WrittenIn } from './written-in';
import { Rating } from './rating';
import { LicenceBadge } from '../../licences';
import { InstantBadge } from './instant-badge';
import { ResponsivenessLine } from './responsiveness';
import { GroupTotal } from './group-total';
import { questionParams, readQuestion } from '../../../../shared/trip-question';

export interface GuideCardProps {
  guide: GuideSummary;
  /** The save heart (from the saved-guides feature; pages compose it in). */
  saveSlot?: ReactNode;
  /** Multi-select mode: a checkbox over the photo. */
  selectable?: boolean;
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
  eagerPhoto?: boolean;
  /** The chat button, given by the page: features do not import each other. */
  chatSlot?: ReactNode;
}

/**
 * Guide card: photo, name, rating, bio, 2 service tags + '+N more', hourly price, heart, chat,
 * View Profile; and the response figures of the last 30 days (decision 077).
 */
export function GuideCard({
  guide,
  saveSlot,
  chatSlot,
  selectable,
  selected,
  onSelectedChange,
  eagerPhoto,
}: GuideCardProps) {
  const { t } = useTranslation('guides');
  const locale = currentLocale();
  const location = useLocation();
  const { price } = usePriceText();
  const name = guide.user.fullName;
  // The profile opens on the question the search asked (decision 176), and may carry redirect={current path and query}.
  const question = questionParams(readQuestion(new URLSearchParams(location.search)));
  question.set('redirect', location.pathname + location.search);
  const profileUrl = `/guides/${guide.id}?${question}`;
  const tags = guide.services.slice(0, 2);
  const more = guide.services.length - tags.length;
  return (
    <article
      className={cn(
        'relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border bg-white shadow-soft transition dark:bg-stone-900',
        selected ? 'border-primary-500 ring-2 ring-primary-500' : 'border-stone-200 dark:border-stone-800',
      )}
      aria-label={name}
    >
      <div className="relative">
        <Link to={profileUrl} tabIndex={-1} aria-hidden>
          <GuidePhoto
            src={guide.user.profilePicture}
            alt={t('card.photoAlt', { name })}
            eager={eagerPhoto}
            className="aspect-[4/3] h-auto w-full"
          />
        </Link>
        {saveSlot && <div className="absolute right-2 top-2">{saveSlot}</div>}
        {selectable && (
          <label className="absolute left-2 top-2 flex h-9 w-9 cursor-pointer items-center justify-center rounded-full bg-white/95 shadow dark:bg-stone-900/95">
            <input
              type="checkbox"
              className="peer sr-only"
              checked={!!selected}
              onChange={(e) => onSelectedChange?.(e.target.checked)}
              aria-label={t('card.select', { name })}
            />
            <span
              className={cn(
                'flex h-5 w-5 items-center justify-center rounded border-2 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-primary-500',
                selected ? 'border-primary-600 bg-primary-600 text-white' : 'border-stone-400',
              )}
              aria-hidden
            >
              {selected && <Check className="h-3.5 w-3.5" />}
            </span>
          </label>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-base font-semibold leading-snug">
            <Link to={profileUrl} className="hover:underline">
              {name}
            </Link>
          </h3>
          <Rating rating={guide.rating} count={guide.reviewCount} className="shrink-0" />
        </div>
        <p className="mt-0.5 text-xs text-stone-500 dark:text-stone-400" data-testid="card-place">
          {cityName(guide.serviceCity, locale)} ·{' '}
          {guide.languages.map((l) => t(`languages.${l}`, { defaultValue: l })).join(' · ')}
        </p>
        <div className="flex flex-wrap gap-1.5">
          <LicenceBadge licence={guide.licence} className="mt-1.5" />
          <InstantBadge on={guide.instantBook} className="mt-1.5" />
        </div>
        {/* A guide the rating already calls new is not called new twice. */}
        {!(guide.responsiveness.isNew && guide.reviewCount === 0) && (
          <p className="mt-1 text-xs text-stone-600 dark:text-stone-300">
            <ResponsivenessLine value={guide.responsiveness} size="card" />
          </p>
        )}
        <p
          lang={htmlLang(guide.bioTranslated?.targetLang ?? guide.bioLanguage)}
          className="mt-2 line-clamp-2 text-sm text-stone-600 dark:text-stone-300"
        >
          {guide.bioTranslated?.text ?? guide.bio}
        </p>
        <WrittenIn language={guide.bioLanguage} className="mt-1" />
        {guide.bioTranslated && (
          <MachineTranslationLabel
            provider={guide.bioTranslated.provider}
            className="mt-0.5 text-xs text-stone-500 dark:text-stone-400"
          />
        )}
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('profile.services')}>
          {tags.map((s) => (
            <li
              key={s.id}
              className="rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-medium text-primary-700 dark:bg-primary-900/40 dark:text-primary-200"
            >
              {localName(s, locale)}
            </li>
          ))}
          {more > 0 && (
            <li className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-600 dark:bg-stone-800 dark:text-stone-300">
              {t('card.moreServices', { count: more })}
            </li>
          )}
        </ul>
        <div className="mt-auto flex items-center justify-between gap-2 pt-4">
          <p className="text-base font-semibold text-stone-900 dark:text-white" data-testid="card-price">
            <BesideText
              text={t('price.perHourPrice', { price: price(guide.basicPricePerHourCents, guide.currency) })}
            />
          </p>
        </div>
        {/* A search that named a group carries its price on the card (decisions 151, 176). */}
        <GroupTotal guide={guide} />
        <div className="mt-3 grid grid-cols-[auto_1fr] gap-2">
          {chatSlot}
          <ButtonLink to={profileUrl} variant="primary" size="sm">
            {t('card.viewProfile')}
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}

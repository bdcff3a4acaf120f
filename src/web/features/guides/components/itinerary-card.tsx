import { Route } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GuideDetail } from '../../../../shared/schemas/guides';
import { MachineTranslationLabel } from '../../../components/ui/machine-translated';
import { htmlLang, WrittenIn } from './written-in';

type ItinerarySummary = GuideDetail['itineraries'][number];

/**
 * One itinerary on a guide's profile, a link to its page. In the reader's language by machine
 * translation when the guide wrote none in it, named with its provider; the whole card is a link, so
 * the way to the original is on the itinerary page, as a search card leaves it to the profile
 * (decision 145).
 */
export function ItineraryCard({ itinerary: it }: { itinerary: ItinerarySummary }) {
  const { t } = useTranslation('guides');
  const title = it.titleTranslated ?? { text: it.title, targetLang: it.language };
  const summary = it.summaryTranslated ?? { text: it.summary, targetLang: it.language };
  return (
    <Link
      to={`/itinerary/${it.id}`}
      className="block h-full rounded-lg border border-stone-200 p-4 transition hover:border-primary-400 hover:bg-primary-50/50 dark:border-stone-700 dark:hover:bg-primary-900/20"
    >
      <span className="flex items-start justify-between gap-2">
        <span lang={htmlLang(title.targetLang)} className="font-semibold">
          {title.text}
        </span>
        <span className="inline-flex shrink-0 items-center gap-1 text-xs text-stone-500 dark:text-stone-400">
          <Route className="h-3.5 w-3.5" aria-hidden />
          {t('profile.hours', { count: it.durationHours })}
        </span>
      </span>
      <span
        lang={htmlLang(summary.targetLang)}
        className="mt-1 line-clamp-2 block text-sm text-stone-600 dark:text-stone-400"
      >
        {summary.text}
      </span>
      <WrittenIn language={it.language} className="mt-2" />
      {(it.titleTranslated ?? it.summaryTranslated) && (
        <MachineTranslationLabel
          provider={(it.titleTranslated ?? it.summaryTranslated)!.provider}
          className="mt-1 flex text-xs text-stone-500 dark:text-stone-400"
        />
      )}
    </Link>
  );
}

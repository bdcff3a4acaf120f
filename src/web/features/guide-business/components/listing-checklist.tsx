import { CircleAlert } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListingRequirement } from '../../../../shared/listing';
import { useListingStatus } from '../api/guide-business';

/** Where each missing item is done. */
const WHERE: Record<ListingRequirement, string> = {
  application: '/become-guide',
  identity: '/verify-identity',
  open_times: '/guide-dashboard#availability',
};

/**
 * The guide dashboard's checklist (decision 091): what the listing still needs before travelers find
 * it in search ("还差：身份认证、开放时间"), each item a link to where it is done. Gone once listed.
 */
export function ListingChecklist() {
  const { t } = useTranslation('guideBusiness');
  const status = useListingStatus();
  const missing = status.data?.missing ?? [];
  if (status.data?.listed || missing.length === 0) return null;
  return (
    <section
      aria-labelledby="listing-checklist-title"
      className="mt-6 rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h2 id="listing-checklist-title" className="flex items-center gap-2 font-semibold">
        <CircleAlert className="h-5 w-5 shrink-0" aria-hidden />
        {t('listing.title')}
      </h2>
      <p className="mt-2">
        {t('listing.missing')}
        {missing.map((item, i) => (
          <Fragment key={item}>
            {i > 0 && t('listing.separator')}
            <Link
              to={WHERE[item]}
              onClick={() =>
                item === 'open_times' && document.getElementById('availability')?.scrollIntoView({ behavior: 'smooth' })
              }
              className="font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              {t(`listing.items.${item}`)}
            </Link>
          </Fragment>
        ))}
      </p>
      <p className="mt-1 text-sm">{t('listing.body')}</p>
    </section>
  );
}

// The guide's waiting requests on /guide, each with its traveler, earnings, time and answer-by deadline: one panel of
// the page.
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { GuideOverview } from '../../../shared/schemas/guide-overview';
import { ButtonLink } from '../../components/ui/button';
import { UserAvatar } from '../../components/ui/user-avatar';
import { currentLocale } from '../../lib/i18n';
import { formatDeadline } from '../../lib/format';
import { TourTime } from '../../components/ui/tour-time';
import { money } from './format';
import { muted, tourDaysText } from './tour-item';
import { GuideNet } from '../bookings';
import { tourLengthText } from '../../../shared/booking/tour-length';
import { htmlLang } from '../../components/ui/machine-translated';
import { card, Empty, SectionTitle } from './overview-panel';

export function RequestsPanel({ requests, zone }: { requests: GuideOverview['requests']; zone: string }) {
  const { t } = useTranslation(['guideOverview', 'bookings']);
  const locale = currentLocale();
  return (
    <section aria-labelledby="requests-title" className={card}>
      <SectionTitle id="requests-title">{t('requests.title')}</SectionTitle>
      {requests.count === 0 ? (
        <Empty icon={<Inbox className="h-9 w-9" />} title={t('requests.empty')} body={t('requests.emptyBody')} />
      ) : (
        <>
          <ul className="mt-4 space-y-3">
            {requests.items.map((r) => (
              <li key={r.id} className="flex items-start gap-3 rounded-lg bg-stone-50 p-3 dark:bg-stone-800/60">
                <UserAvatar
                  user={{
                    id: r.traveler.id,
                    fullName: r.traveler.fullName,
                    nickname: null,
                    profilePicture: r.traveler.profilePicture,
                  }}
                  size={36}
                />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <span className="truncate font-medium" lang={htmlLang(r.traveler.nameLanguage)}>
                      {r.traveler.fullName}
                    </span>
                    <span className="text-sm font-semibold tabular-nums">
                      {money(r.totalPriceCents, r.currency, locale)}
                    </span>
                  </p>
                  <GuideNet booking={r} className="text-sm" />
                  <p className={`text-sm ${muted}`}>
                    {tourDaysText(r, locale)} ·{' '}
                    <TourTime date={r.date} start={r.scheduledStartTime} hours={r.duration} timeZone={r.timeZone} />
                  </p>
                  <p className={`text-xs ${muted}`}>
                    {t('week.people', { count: r.travelers })} · {tourLengthText(r.days, r.duration, locale)}
                  </p>
                  {r.respondBy && (
                    <p className="mt-1 text-xs text-amber-800 dark:text-amber-200">
                      {t('requests.answerBy', formatDeadline(r.respondBy, locale, zone, t('japanTime')))}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            {requests.count > requests.items.length ? (
              <p className={`text-sm ${muted}`}>
                {t('requests.more', { count: requests.count - requests.items.length })}
              </p>
            ) : (
              <span />
            )}
            <ButtonLink to="/guide-dashboard" variant="primary" size="sm">
              {t('requests.viewAll')}
            </ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}

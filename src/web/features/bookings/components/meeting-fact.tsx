import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { formatCalendarDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { MeetingPlace } from '../../meeting-points';
import { Fact } from './booking-card-parts';

/**
 * Where to meet, with a map link (by coordinates when chosen from the list) and the driver's card: on
 * a tour of several days today's place (day 1's before the tour, decision 155), each day's own shown
 * under its day (decision 179); a day with none of its own is met where the booking says, as every day
 * was before plans. The traveler's trip card and the guide's tour card show the same place (decision 195).
 */
export function MeetingFact({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation(['trips', 'bookings']);
  const locale = currentLocale();
  const today =
    (b.days ?? 1) > 1 ? b.dayPlans?.find((p) => p.day === (b.currentDay ?? 1) && p.meetingAddress) : undefined;
  return today ? (
    <Fact icon={<MapPin className="h-4 w-4" />} label={t('trips:card.dayMeeting', { n: today.day })} wide>
      <MeetingPlace
        place={today}
        lang={today.meetingAddressLanguage}
        driver
        driverDay={t('trips:card.dayPlan.driverDay', {
          n: today.day,
          date: formatCalendarDate(today.date, locale, { weekday: 'short', year: undefined }),
        })}
      />
    </Fact>
  ) : (
    <Fact icon={<MapPin className="h-4 w-4" />} label={t('bookings:meeting.title')} wide>
      <MeetingPlace place={b} lang={b.meetingAddressLanguage} fallback={t('bookings:requests.noMeeting')} driver />
    </Fact>
  );
}

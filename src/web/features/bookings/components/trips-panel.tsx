import { CalendarClock, Compass, History, Inbox } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../../shared/schemas/bookings';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { useTravelerBookings } from '../api/get-traveler-bookings';
import { tripsOfTab, type TripTab } from '../lib/trips';
import { LandedTrip } from './landed-trip';
import { TripCard } from './trip-card';

const EMPTY_ICON = { 'pending-requests': Inbox, upcoming: CalendarClock, ongoing: Compass, past: History } as const;

/**
 * A booking tab of /dashboard: the spinner while loading, the trips error with
 * Refresh, a friendly empty state with the next step, or the tab's trips in the spec's order.
 */
export function TripsPanel({
  tab,
  query,
  onContactSupport,
  renderChat,
  landed,
}: {
  tab: TripTab;
  query: ReturnType<typeof useTravelerBookings>;
  onContactSupport: () => void;
  /** The page's chat button for a trip's guide. */
  renderChat?: (booking: Booking) => ReactNode;
  /**
   * The booking a link landed on (`/dashboard?booking={id}`, decision 103): its card is brought into
   * view and marked. When the list does not hold it (fetched by id), it is shown in its tab all the same.
   */
  landed?: Booking;
}) {
  const { t } = useTranslation('trips');
  // The countdown's "today" is fixed for the life of the page, like every date it is compared with.
  const [now] = useState(() => new Date());
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div
        role="alert"
        className="rounded-[var(--radius-card)] border border-stone-200 bg-white p-8 text-center dark:border-stone-800 dark:bg-stone-900"
      >
        <p className="text-lg font-semibold">{t('error.title')}</p>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t('error.body')}</p>
        <Button className="mt-4" onClick={() => window.location.reload()}>
          {t('error.refresh')}
        </Button>
      </div>
    );
  }
  const all =
    landed && !query.data.data.some((b) => b.id === landed.id) ? [...query.data.data, landed] : query.data.data;
  const trips = tripsOfTab(tab, all, now);
  if (trips.length === 0) {
    const Icon = EMPTY_ICON[tab];
    return (
      <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-stone-700 dark:bg-stone-900">
        <Icon className="h-10 w-10 text-primary-500" aria-hidden />
        <p className="mt-3 text-lg font-semibold">{t(`empty.${tab}.title`)}</p>
        <p className="mt-1 max-w-sm text-sm text-stone-600 dark:text-stone-400">{t(`empty.${tab}.body`)}</p>
        {tab !== 'ongoing' && (
          <ButtonLink to="/search" variant="primary" className="mt-5">
            {t('saved.find')}
          </ButtonLink>
        )}
      </div>
    );
  }
  return (
    <ul className="space-y-4">
      {trips.map((b) => {
        const card = <TripCard booking={b} now={now} onContactSupport={onContactSupport} chatSlot={renderChat?.(b)} />;
        return b.id === landed?.id ? <LandedTrip key={b.id}>{card}</LandedTrip> : <li key={b.id}>{card}</li>;
      })}
    </ul>
  );
}

import { LicenceEditor } from '../../licences';
import { AvailabilityEditor } from './availability-editor';
import { CalendarLink } from './calendar-link';
import { ItineraryEditor } from './itinerary-editor';
import { OtherCalendars } from './other-calendars';
import { ProfileEditor } from './profile-editor';
import { RatesEditor } from './rates-editor';

/**
 * The guide's business settings on /guide-dashboard: availability and her other calendars (decision 200), rates and
 * services, profile, itineraries, licence, calendar feed.
 */
export function GuideBusinessSettings() {
  return (
    <div className="mt-10 space-y-6">
      <AvailabilityEditor />
      <OtherCalendars />
      <RatesEditor />
      <ProfileEditor />
      <ItineraryEditor />
      <LicenceEditor />
      <CalendarLink />
    </div>
  );
}

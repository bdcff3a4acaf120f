import { LicenceEditor } from '../../licences';
import { AvailabilityEditor } from './availability-editor';
import { CalendarLink } from './calendar-link';
import { ItineraryEditor } from './itinerary-editor';
import { ProfileEditor } from './profile-editor';
import { RatesEditor } from './rates-editor';

/**
 * The guide's business settings on /guide-dashboard: availability, rates and services, profile, itineraries, licence,
 * calendar feed.
 */
export function GuideBusinessSettings() {
  return (
    <div className="mt-10 space-y-6">
      <AvailabilityEditor />
      <RatesEditor />
      <ProfileEditor />
      <ItineraryEditor />
      <LicenceEditor />
      <CalendarLink />
    </div>
  );
}

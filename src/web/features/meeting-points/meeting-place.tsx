import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { meetingMapUrl, type MeetingCoords } from '../../../shared/meeting-points';

/**
 * A meeting point as the trip cards show it (issue 27): 〒postal code and address, and a link that
 * opens it on a map (by its coordinates when it was chosen from the list, else by its address).
 * Renders `fallback` when there is no address yet.
 */
export function MeetingPlace({ place, fallback = null }: { place: { meetingAddress?: string | null; meetingPostalCode?: string | null } & MeetingCoords; fallback?: React.ReactNode }) {
  const { t } = useTranslation('common');
  const url = meetingMapUrl(place);
  if (!place.meetingAddress?.trim()) return <>{fallback}</>;
  return (
    <span className="block min-w-0 break-words">
      <span>{place.meetingPostalCode ? `〒${place.meetingPostalCode} ${place.meetingAddress}` : place.meetingAddress}</span>
      {url && (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('meetingPoint.mapLabel', { place: place.meetingAddress })}
          className="ml-2 inline-flex items-center gap-1 whitespace-nowrap font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
          data-testid="meeting-map-link"
        >
          {t('meetingPoint.map')}
          <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        </a>
      )}
    </span>
  );
}

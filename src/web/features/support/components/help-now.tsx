import { LifeBuoy, Phone, Siren } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportLocation } from '../../../../shared/schemas/support';
import { Button } from '../../../components/ui/button';
import { Sheet } from '../../../components/ui/sheet';
import { ApiError } from '../../../lib/api-client';
import { useOfflineState } from '../../../lib/offline';
import { useSession } from '../../../lib/session';
import { useCreateThread } from '../api/support-api';
import { openSupportThread } from '../open-support';
import { currentLocale } from '../../../lib/i18n';

/** Japan's emergency numbers and the national tourist hotline (decision 132); `tel` is what the phone dials. */
const CALLS = [
  { key: 'police', number: '110', tel: '110' },
  { key: 'ambulance', number: '119', tel: '119' },
  { key: 'hotline', number: '050-3816-2787', tel: '+81-50-3816-2787' },
] as const;

/** How long to wait for the phone's position before asking for help without it. */
const LOCATION_TIMEOUT_MS = 8000;

function currentLocation(): Promise<SupportLocation | undefined> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          lat: p.coords.latitude,
          lng: p.coords.longitude,
          accuracyM: Math.min(100_000, Math.round(p.coords.accuracy)),
        }),
      () => resolve(undefined),
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

/**
 * "Help now" on a trip (decision 132): one button that opens a sheet with the numbers to call — they
 * work with no connection — and "Contact support now", which opens an urgent support thread about this
 * booking (with the phone's location only if the person ticks the box) and the chat on it. `side` is who
 * asks: the server accepts the booking's traveler and its guide alike; only the words differ (the guide's
 * other party is the traveler, and it is the guide's tour rather than their trip).
 */
export function HelpNow({
  booking,
  side = 'traveler',
}: {
  booking: { id: number; bookingNumber: string };
  side?: 'traveler' | 'guide';
}) {
  const { t } = useTranslation('support');
  const [open, setOpen] = useState(false);
  const [share, setShare] = useState(false);
  const [locating, setLocating] = useState(false);
  const [noLocation, setNoLocation] = useState(false);
  const { offline } = useOfflineState();
  const session = useSession();
  const userId = session?.user.id ?? null;
  const shareId = useId();
  const create = useCreateThread(userId, (stored) => {
    setOpen(false);
    openSupportThread(stored);
  });

  const contact = async () => {
    setNoLocation(false);
    let location: SupportLocation | undefined;
    if (share) {
      setLocating(true);
      location = await currentLocation();
      setLocating(false);
      if (!location) setNoLocation(true);
    }
    create.mutate({
      message: t(side === 'guide' ? 'help.guideMessage' : 'help.message', { number: booking.bookingNumber }),
      topic: 'general',
      urgent: true,
      bookingId: booking.id,
      locale: currentLocale(),
      pageUrl: window.location.pathname.slice(0, 500),
      ...(location && { location }),
    });
  };

  const code = create.error instanceof ApiError ? create.error.code : undefined;
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="help-now">
        <Siren className="h-4 w-4" aria-hidden />
        {t('help.button')}
      </Button>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        title={t('help.title')}
        description={t('help.description')}
        closeLabel={t('help.close')}
      >
        <ul className="space-y-2">
          {CALLS.map((c) => (
            <li key={c.key}>
              <a
                href={`tel:${c.tel}`}
                className="flex min-h-12 items-center gap-3 rounded-lg border border-stone-200 px-3 py-2 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-stone-700 dark:hover:bg-stone-800"
              >
                <Phone className="h-5 w-5 shrink-0 text-danger-600" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold tabular-nums">
                    {t('help.call', { number: c.number, name: t(`help.calls.${c.key}.name`) })}
                  </span>
                  <span className="block text-xs text-stone-600 dark:text-stone-400">
                    {t(`help.calls.${c.key}.hint`)}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>

        <div className="mt-5 border-t border-stone-200 pt-4 dark:border-stone-700">
          <h3 className="font-semibold">{t('help.supportTitle')}</h3>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {t(side === 'guide' ? 'help.guideSupportHint' : 'help.supportHint')}
          </p>
          <div className="mt-3 flex items-start gap-2">
            <input
              id={shareId}
              type="checkbox"
              checked={share}
              onChange={(e) => setShare(e.target.checked)}
              disabled={offline}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-stone-300"
            />
            <label htmlFor={shareId} className="text-sm">
              {t('help.shareLocation')}
            </label>
          </div>
          {offline && (
            <p className="mt-3 text-sm font-medium text-amber-800 dark:text-amber-200" data-testid="help-offline">
              {t('help.needsNetwork')}
            </p>
          )}
          {create.error && (
            <p role="alert" className="mt-3 text-sm text-danger-600">
              {code === 'not_on_trip' ? t('help.errors.notOnTrip') : t('help.errors.generic')}
            </p>
          )}
          {noLocation && !create.error && (
            <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{t('help.noLocation')}</p>
          )}
          <Button
            className="mt-3 w-full"
            variant="primary"
            size="lg"
            onClick={() => void contact()}
            busy={locating || create.isPending}
            disabled={offline}
          >
            <LifeBuoy className="h-5 w-5" aria-hidden />
            {t('help.contact')}
          </Button>
        </div>
      </Sheet>
    </>
  );
}

// The guide's offer as it is written: its draft, the quote it waits for, its checks and its sending; apart from the
// form, which lays out the fields.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, todayInZone } from '../../../../shared/availability';
import { BOOKING_HORIZON_DAYS } from '../../../../shared/booking/schedule';
import type { Message } from '../../../../shared/schemas/messaging';
import { createOfferBodySchema } from '../../../../shared/schemas/offers';
import { ApiError } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { inputToMinor } from '../../../../shared/currency';
import { formatMoney } from '../../../../shared/money-format';
import { useOwnCredentials } from '../../licences';
import { saveErrorText } from '../../guide-business';
import { useCreateOffer, useOfferQuote } from './api';
import { toShopStops, type ShopStopDraft } from '../../../components/ui/shop-stops';

/** The offer's day, like a booking's, is today or later in Japan and within the booking horizon (decision 106). */
export const todayIso = () => todayInZone('Asia/Tokyo');
export const lastDayIso = () => addDays(todayIso(), BOOKING_HORIZON_DAYS);
export const newId = () => (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '');

export type Request = NonNullable<Message['tourRequest']>;

export interface Draft {
  date: string;
  startTime: string;
  durationHours: number;
  /** Consecutive days of `durationHours` each (decision 154). */
  days: number;
  travelers: string;
  /** The fee as typed, in the guide's currency (the quote names it); '' takes the rate-based price. */
  fee: string;
  meetingAddress: string;
  meetingPostalCode: string;
  /** Set when the place was chosen from the list or carried from the request. */
  meetingLat: number | null;
  meetingLng: number | null;
  itinerary: string;
  note: string;
}

/** A request's terms, on the half-hour grid every booking uses. */
function draftOf(request: Request | null): Draft {
  const [h = '10', m = '00'] = (request?.startTime ?? '10:00').split(':');
  return {
    date: request?.date ?? '',
    startTime: `${h.padStart(2, '0')}:${Number(m) >= 30 ? '30' : '00'}`,
    durationHours: request ? Math.min(24, Math.max(0.5, Math.round(request.durationHours * 2) / 2)) : 2,
    days: 1,
    travelers: String(request?.travelers ?? 1),
    fee: '',
    meetingAddress: request?.meetingAddress ?? '',
    meetingPostalCode: request?.meetingPostalCode ?? '',
    meetingLat: request?.meetingLat ?? null,
    meetingLng: request?.meetingLng ?? null,
    itinerary: request?.itinerary ?? '',
    note: '',
  };
}

/** The offer's draft, from a tour request or empty, and what the form shows and sends of it. */
export function useOfferDraft(
  conversationId: number,
  request: { id: number; tourRequest: Request } | null,
  onDone: () => void,
) {
  const { t } = useTranslation(['messaging', 'licences', 'guideBusiness']);
  const locale = currentLocale();
  const tr = request?.tourRequest ?? null;
  // "The guide drives" only with a verified licence and insurance (decision 092; the server checks too).
  const mayDrive = useOwnCredentials().data?.mayDrive === true;
  const [guideDrives, setGuideDrives] = useState(false);
  const [shopStops, setShopStops] = useState<ShopStopDraft[]>([]);
  const [shopStopsError, setShopStopsError] = useState<string | undefined>();
  const [d, setD] = useState<Draft>(() => draftOf(tr));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const clientId = useRef(newId());
  const create = useCreateOffer(conversationId);
  const travelers = Math.max(1, Math.min(50, Math.floor(Number(d.travelers)) || 1));
  const quote = useOfferQuote(
    conversationId,
    { durationHours: d.durationHours, days: d.days, travelers, subcategoryId: tr?.subcategoryId ?? null },
    true,
  );
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setD((old) => ({ ...old, [k]: v }));
    clientId.current = newId();
    if (errors[k]) setErrors((old) => ({ ...old, [k]: undefined }));
  };
  const currency = quote.data?.currency;
  const money = (minor: number) => (currency ? formatMoney(minor, currency, locale) : '');
  // null: typed, but not an amount in the guide's currency (yen are whole, yuan have at most two decimals).
  const typedFee = d.fee.trim() && currency ? inputToMinor(d.fee, currency) : undefined;
  const feeCents = typedFee ?? (d.fee.trim() ? 0 : (quote.data?.suggestedCents ?? 0));
  const feeError = () =>
    t('offer.errors.fee', {
      unit: currency ? t(`offer.unit.${currency}`) : '',
      example: currency === 'JPY' ? '8000' : '400',
    });

  const submit = () => {
    const body = {
      clientMessageId: clientId.current,
      ...(request && { requestMessageId: request.id }),
      ...(tr?.subcategoryId ? { subcategoryId: tr.subcategoryId } : {}),
      date: d.date,
      startTime: d.startTime,
      durationHours: d.durationHours,
      ...(d.days > 1 && { days: d.days }),
      travelers,
      priceCents: feeCents,
      meetingAddress: d.meetingAddress,
      meetingPostalCode: d.meetingPostalCode,
      ...(d.meetingLat != null && d.meetingLng != null && { meetingLat: d.meetingLat, meetingLng: d.meetingLng }),
      itinerary: d.itinerary,
      note: d.note,
      guideDrives: mayDrive && guideDrives,
      shopStops: toShopStops(shopStops),
    };
    const parsed = createOfferBodySchema.safeParse(body);
    const found: typeof errors = {};
    let stopsBad = false;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'shopStops') {
          stopsBad = true;
          continue;
        }
        const k = issue.path[0] === 'priceCents' ? 'fee' : (issue.path[0] as keyof Draft);
        found[k] ??=
          k === 'meetingPostalCode' ? t('offer.errors.postal') : k === 'fee' ? feeError() : t('offer.errors.required');
      }
    }
    if (typedFee === null) found.fee = feeError();
    else if (quote.data && feeCents < quote.data.floorCents)
      found.fee = t('offer.errors.floor', { amount: money(quote.data.floorCents) });
    if (!d.date || d.date < todayIso()) found.date = t('offer.errors.required');
    else if (d.date > lastDayIso()) found.date = t('offer.errors.horizon', { days: BOOKING_HORIZON_DAYS });
    setErrors(found);
    setShopStopsError(stopsBad ? t('common:shopStops.editor.invalid') : undefined);
    if (Object.keys(found).length || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: onDone,
      onError: (e) => {
        if (e instanceof ApiError && e.code === 'price_below_floor')
          setErrors({
            fee: quote.data ? t('offer.errors.floor', { amount: money(quote.data.floorCents) }) : feeError(),
          });
        if (e instanceof ApiError && e.code === 'slot_unavailable') setErrors({ startTime: t('offer.errors.slot') });
        if (e instanceof ApiError && e.code === 'date_out_of_range')
          setErrors({ date: t('offer.errors.horizon', { days: BOOKING_HORIZON_DAYS }) });
        if (e instanceof ApiError && e.code === 'protected_title')
          setErrors({ [e.body?.fields?.[0]?.path === 'note' ? 'note' : 'itinerary']: saveErrorText(t, e) });
      },
    });
  };
  return {
    tr,
    mayDrive,
    guideDrives,
    setGuideDrives,
    shopStops,
    setShopStops,
    shopStopsError,
    setShopStopsError,
    d,
    setD,
    errors,
    setErrors,
    clientId,
    create,
    quote,
    set,
    currency,
    money,
    feeCents,
    submit,
  };
}

import { X } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, todayInZone } from '../../../../shared/availability';
import { BOOKING_HORIZON_DAYS } from '../../../../shared/booking/schedule';
import { formatPostalCode } from '../../../../shared/messaging/postal-code';
import type { Message } from '../../../../shared/schemas/messaging';
import { MAX_BOOKING_DAYS } from '../../../../shared/booking/tour-days';
import { createOfferBodySchema } from '../../../../shared/schemas/offers';
import { Button } from '../../../components/ui/button';
import { DateSelect } from '../../../components/ui/date-select';
import { ApiError } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { inputToMinor, minorToInput } from '../../../../shared/currency';
import { formatMoney } from '../../../../shared/money-format';
import { MeetingPointInput } from '../../meeting-points';
import { yen } from '../tour-request/rules';
import { useOwnCredentials } from '../../licences';
import { saveErrorText } from '../../guide-business';
import { useCreateOffer, useOfferQuote } from './api';
import { ShopStopsEditor, toShopStops, type ShopStopDraft } from '../../../components/ui/shop-stops';

const field = 'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm dark:border-stone-700 dark:bg-stone-950 aria-[invalid=true]:border-danger-600';
/** The offer's day, like a booking's, is today or later in Japan and within the booking horizon (decision 106). */
const todayIso = () => todayInZone('Asia/Tokyo');
const lastDayIso = () => addDays(todayIso(), BOOKING_HORIZON_DAYS);
const newId = () => (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '');
const HALF_HOURS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
const DURATIONS = Array.from({ length: 24 }, (_, i) => (i + 1) / 2);

type Request = NonNullable<Message['tourRequest']>;

interface Draft {
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

/**
 * The guide's offer (decision 078), from a tour request (prefilled from it, its extras carried over)
 * or from the chat: the terms and the fee in the guide's own currency (decision 164), with the server's
 * rate-based price and floor beside it. The fee field waits for the quote: it names the currency.
 */
export function OfferForm({ conversationId, request, onDone }: { conversationId: number; request: { id: number; tourRequest: Request } | null; onDone: () => void }) {
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
  const quote = useOfferQuote(conversationId, { durationHours: d.durationHours, days: d.days, travelers, subcategoryId: tr?.subcategoryId ?? null }, true);
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
  const feeError = () => t('offer.errors.fee', { unit: currency ? t(`offer.unit.${currency}`) : '', example: currency === 'JPY' ? '8000' : '400' });

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
        found[k] ??= k === 'meetingPostalCode' ? t('offer.errors.postal') : k === 'fee' ? feeError() : t('offer.errors.required');
      }
    }
    if (typedFee === null) found.fee = feeError();
    else if (quote.data && feeCents < quote.data.floorCents) found.fee = t('offer.errors.floor', { amount: money(quote.data.floorCents) });
    if (!d.date || d.date < todayIso()) found.date = t('offer.errors.required');
    else if (d.date > lastDayIso()) found.date = t('offer.errors.horizon', { days: BOOKING_HORIZON_DAYS });
    setErrors(found);
    setShopStopsError(stopsBad ? t('common:shopStops.editor.invalid') : undefined);
    if (Object.keys(found).length || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: onDone,
      onError: (e) => {
        if (e instanceof ApiError && e.code === 'price_below_floor') setErrors({ fee: quote.data ? t('offer.errors.floor', { amount: money(quote.data.floorCents) }) : feeError() });
        if (e instanceof ApiError && e.code === 'slot_unavailable') setErrors({ startTime: t('offer.errors.slot') });
        if (e instanceof ApiError && e.code === 'date_out_of_range') setErrors({ date: t('offer.errors.horizon', { days: BOOKING_HORIZON_DAYS }) });
        if (e instanceof ApiError && e.code === 'protected_title') setErrors({ [e.body?.fields?.[0]?.path === 'note' ? 'note' : 'itinerary']: saveErrorText(t, e) });
      },
    });
  };

  const a11y = (k: keyof Draft) => ({ name: k, id: `of-${k}`, 'aria-invalid': errors[k] ? true : undefined, 'aria-describedby': errors[k] ? `of-${k}-error` : undefined });
  const label = (k: keyof Draft, text: string, control: ReactNode, hint?: ReactNode, className?: string) => (
    <div className={className}>
      <label id={`of-${k}-label`} htmlFor={`of-${k}`} className="text-sm font-medium">
        {text}
      </label>
      {control}
      {hint}
      {errors[k] && (
        <p id={`of-${k}-error`} className="mt-1 text-xs text-danger-600 dark:text-danger-400">
          {errors[k]}
        </p>
      )}
    </div>
  );
  const extras = tr?.state.allowances;

  return (
    <form
      noValidate
      aria-label={t('offer.formTitle')}
      data-testid="offer-form"
      className="absolute inset-0 z-10 flex flex-col bg-white dark:bg-stone-900"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex items-center justify-between border-b border-stone-200 px-3 py-2 dark:border-stone-800">
        <h3 className="font-semibold">{t('offer.formTitle')}</h3>
        <Button variant="ghost" size="icon" className="h-9 w-9" onClick={onDone} aria-label={t('tour.cancel')}>
          <X className="h-5 w-5" aria-hidden />
        </Button>
      </div>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-3 py-3">
        {tr && <p className="text-xs text-stone-600 dark:text-stone-400">{t('offer.fromRequest')}</p>}
        <div className="grid grid-cols-2 gap-3">
          {label(
            'date',
            t('tour.date'),
            <DateSelect
              id="of-date"
              labelId="of-date-label"
              name="date"
              className="mt-1"
              min={todayIso()} max={lastDayIso()}
              value={d.date}
              onChange={(v) => set('date', v)}
              invalid={!!errors.date}
              describedBy={errors.date ? 'of-date-error' : undefined}
            />,
            undefined,
            'col-span-2',
          )}
          {label(
            'startTime',
            t('tour.startTime'),
            <select className={field} value={d.startTime} onChange={(e) => set('startTime', e.target.value)} {...a11y('startTime')}>
              {HALF_HOURS.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </select>,
            <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">{t('tour.japanTime')}</p>,
          )}
          {label(
            'durationHours',
            t('tour.duration'),
            <select className={field} value={d.durationHours} onChange={(e) => set('durationHours', Number(e.target.value))} {...a11y('durationHours')}>
              {DURATIONS.map((h) => (
                <option key={h} value={h}>
                  {t('tour.hours', { count: h })}
                </option>
              ))}
            </select>,
          )}
          {label(
            'days',
            t('tour.days'),
            <select className={field} value={d.days} onChange={(e) => set('days', Number(e.target.value))} {...a11y('days')}>
              {Array.from({ length: MAX_BOOKING_DAYS }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {t('tour.daysOption', { count: n })}
                </option>
              ))}
            </select>,
          )}
          {label('travelers', t('tour.travelers'), <input type="number" min={1} max={50} inputMode="numeric" className={field} value={d.travelers} onChange={(e) => set('travelers', e.target.value)} {...a11y('travelers')} />)}
        </div>
        {quote.data && currency ? (
          label(
            'fee',
            t('offer.feeLabel', { unit: t(`offer.unit.${currency}`) }),
            <input
              type="number"
              min={0}
              step={currency === 'JPY' ? 1 : 0.01}
              inputMode={currency === 'JPY' ? 'numeric' : 'decimal'}
              className={field}
              placeholder={minorToInput(quote.data.suggestedCents, currency)}
              value={d.fee}
              onChange={(e) => set('fee', e.target.value)}
              {...a11y('fee')}
            />,
            <p className="mt-1 text-xs text-stone-600 dark:text-stone-400" data-testid="offer-quote">
              {t('offer.quoteHint', { suggested: money(quote.data.suggestedCents), floor: money(quote.data.floorCents), deposit: money(Math.round(feeCents * quote.data.depositRate)) })}
            </p>,
          )
        ) : quote.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger-600 dark:text-danger-400">
            {t('offer.quoteFailed')}
            <Button variant="outline" size="sm" onClick={() => void quote.refetch()}>
              {t('common:retry')}
            </Button>
          </p>
        ) : (
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('offer.quoteLoading')}</p>
        )}
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
          {label(
            'meetingAddress',
            t('tour.address'),
            <MeetingPointInput
              maxLength={300}
              className={field}
              placeholder={t('common:meetingPoint.placeholder')}
              value={d.meetingAddress}
              onChange={(text) => {
                set('meetingAddress', text);
                setD((old) => ({ ...old, meetingLat: null, meetingLng: null }));
              }}
              onPick={(p) => {
                setD((old) => ({ ...old, ...p }));
                clientId.current = newId();
                setErrors((old) => ({ ...old, meetingAddress: undefined, meetingPostalCode: undefined }));
              }}
              {...a11y('meetingAddress')}
            />,
          )}
          {label(
            'meetingPostalCode',
            t('tour.postalCode'),
            <input
              inputMode="numeric"
              maxLength={8}
              className={field}
              value={d.meetingPostalCode}
              onChange={(e) => {
                set('meetingPostalCode', formatPostalCode(e.target.value));
                setD((old) => ({ ...old, meetingLat: null, meetingLng: null }));
              }}
              {...a11y('meetingPostalCode')}
            />,
          )}
        </div>
        {label('itinerary', t('tour.itinerary'), <textarea rows={3} maxLength={2000} className={field} value={d.itinerary} onChange={(e) => set('itinerary', e.target.value)} {...a11y('itinerary')} />)}
        {extras && extras.totalYen > 0 && (
          <p className="rounded-lg bg-stone-50 px-3 py-2 text-xs text-stone-700 dark:bg-stone-800 dark:text-stone-200">{t('offer.extrasCarried', { amount: yen(extras.totalYen, locale, 'guide') })}</p>
        )}
        {mayDrive && (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 accent-primary-600" checked={guideDrives} onChange={(e) => setGuideDrives(e.target.checked)} />
            {t('licences:transport.guideDrivesLabel')}
          </label>
        )}
        <ShopStopsEditor
          value={shopStops}
          onChange={(next) => {
            setShopStops(next);
            clientId.current = newId();
            setShopStopsError(undefined);
          }}
          error={shopStopsError}
        />
        {label('note', t('offer.note'), <textarea rows={2} maxLength={2000} className={field} value={d.note} onChange={(e) => set('note', e.target.value)} {...a11y('note')} />)}
        {create.isError && !(create.error instanceof ApiError && ['price_below_floor', 'slot_unavailable', 'date_out_of_range'].includes(create.error.code ?? '')) && (
          <p role="alert" className="text-sm text-danger-600 dark:text-danger-400">
            {t('offer.sendFailed')}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2 border-t border-stone-200 px-3 py-2 dark:border-stone-800">
        <Button variant="ghost" onClick={onDone}>
          {t('tour.cancel')}
        </Button>
        <Button type="submit" variant="accent" busy={create.isPending} disabled={!quote.data}>
          {t('offer.send')}
        </Button>
      </div>
    </form>
  );
}

import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPostalCode } from '../../../../shared/messaging/postal-code';
import { MAX_BOOKING_DAYS } from '../../../../shared/booking/tour-days';
import { Button } from '../../../components/ui/button';
import { DateSelect } from '../../../components/ui/date-select';
import { ApiError } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { minorToInput } from '../../../../shared/currency';
import { MeetingPointInput } from '../../meeting-points';
import { yen } from '../tour-request/rules';
import { ShopStopsEditor } from '../../../components/ui/shop-stops';
import { lastDayIso, newId, todayIso, useOfferDraft, type Draft, type Request } from './use-offer-draft';

const field =
  'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm dark:border-stone-700 dark:bg-stone-950 aria-[invalid=true]:border-danger-600';
const HALF_HOURS = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);
const DURATIONS = Array.from({ length: 24 }, (_, i) => (i + 1) / 2);

/**
 * The guide's offer (decision 078), from a tour request (prefilled from it, its extras carried over)
 * or from the chat: the terms and the fee in the guide's own currency (decision 164), with the server's
 * rate-based price and floor beside it. The fee field waits for the quote: it names the currency.
 */
export function OfferForm({
  conversationId,
  request,
  onDone,
}: {
  conversationId: number;
  request: { id: number; tourRequest: Request } | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['messaging', 'licences', 'guideBusiness']);
  const locale = currentLocale();
  const {
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
  } = useOfferDraft(conversationId, request, onDone);

  const a11y = (k: keyof Draft) => ({
    name: k,
    id: `of-${k}`,
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `of-${k}-error` : undefined,
  });
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
              min={todayIso()}
              max={lastDayIso()}
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
            <select
              className={field}
              value={d.startTime}
              onChange={(e) => set('startTime', e.target.value)}
              {...a11y('startTime')}
            >
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
            <select
              className={field}
              value={d.durationHours}
              onChange={(e) => set('durationHours', Number(e.target.value))}
              {...a11y('durationHours')}
            >
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
            <select
              className={field}
              value={d.days}
              onChange={(e) => set('days', Number(e.target.value))}
              {...a11y('days')}
            >
              {Array.from({ length: MAX_BOOKING_DAYS }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {t('tour.daysOption', { count: n })}
                </option>
              ))}
            </select>,
          )}
          {label(
            'travelers',
            t('tour.travelers'),
            <input
              type="number"
              min={1}
              max={50}
              inputMode="numeric"
              className={field}
              value={d.travelers}
              onChange={(e) => set('travelers', e.target.value)}
              {...a11y('travelers')}
            />,
          )}
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
              {t('offer.quoteHint', {
                suggested: money(quote.data.suggestedCents),
                floor: money(quote.data.floorCents),
                deposit: money(Math.round(feeCents * quote.data.depositRate)),
              })}
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
        {label(
          'itinerary',
          t('tour.itinerary'),
          <textarea
            rows={3}
            maxLength={2000}
            className={field}
            value={d.itinerary}
            onChange={(e) => set('itinerary', e.target.value)}
            {...a11y('itinerary')}
          />,
        )}
        {extras && extras.totalYen > 0 && (
          <p className="rounded-lg bg-stone-50 px-3 py-2 text-xs text-stone-700 dark:bg-stone-800 dark:text-stone-200">
            {t('offer.extrasCarried', { amount: yen(extras.totalYen, locale, 'guide') })}
          </p>
        )}
        {mayDrive && (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-primary-600"
              checked={guideDrives}
              onChange={(e) => setGuideDrives(e.target.checked)}
            />
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
        {label(
          'note',
          t('offer.note'),
          <textarea
            rows={2}
            maxLength={2000}
            className={field}
            value={d.note}
            onChange={(e) => set('note', e.target.value)}
            {...a11y('note')}
          />,
        )}
        {create.isError &&
          !(
            create.error instanceof ApiError &&
            ['price_below_floor', 'slot_unavailable', 'date_out_of_range'].includes(create.error.code ?? '')
          ) && (
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

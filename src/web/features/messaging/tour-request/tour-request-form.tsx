import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPostalCode } from '../../../../shared/messaging/postal-code';
import {
  MEAL_OPTIONS,
  TICKET_OPTIONS,
  TRANSPORT_ALLOWANCE_YEN,
  TRANSPORT_OPTIONS,
} from '../../../../shared/messaging/tour-request';
import { Button } from '../../../components/ui/button';
import { DateSelect } from '../../../components/ui/date-select';
import { ApiError } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';
import { serviceName, yen, type TourRequestDraft } from './rules';
import { withGap } from '../../../lib/cjk-spacing';
import { MeetingPointInput } from '../../meeting-points';
import { FeeLines } from './fee-lines';
import { newId, todayIso, useTourRequestDraft } from './use-tour-request-draft';

const field =
  'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm dark:border-stone-700 dark:bg-stone-950 aria-[invalid=true]:border-danger-600';

/**
 * Tour request message, written by the traveler inside the chat: date and time, meal,
 * transport (the four yen tiers of docs/rules/messaging.md), tickets, itinerary, group, meeting address and postal
 * code (docs/rules/messaging.md rules and messages), the service chosen from the guide's own offered services (in
 * the reader's language, decision 053), and the additional fees each with its amount.
 */
export function TourRequestForm({
  conversationId,
  guideId,
  onDone,
}: {
  conversationId: number;
  guideId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('messaging');
  const locale = currentLocale();
  const { choices, d, setD, errors, setErrors, clientId, send, formRef, set, fees, submit } = useTourRequestDraft(
    conversationId,
    guideId,
    onDone,
  );

  const err = (k: keyof TourRequestDraft) =>
    errors[k] ? (
      <p id={`tr-${k}-error`} className="mt-1 text-xs text-danger-600 dark:text-danger-400">
        {t(`tour.errors.${errors[k]}`)}
      </p>
    ) : null;
  const a11y = (k: keyof TourRequestDraft) => ({
    name: k,
    id: `tr-${k}`,
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `tr-${k}-error` : undefined,
  });
  const label = (k: keyof TourRequestDraft, text: string, control: ReactNode, hint?: ReactNode, className?: string) => (
    <div className={className}>
      <label id={`tr-${k}-label`} htmlFor={`tr-${k}`} className="text-sm font-medium">
        {text}
      </label>
      {control}
      {hint}
      {err(k)}
    </div>
  );

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t('tour.formTitle')}
      data-testid="tour-request-form"
      className="absolute inset-0 z-10 flex flex-col bg-white dark:bg-stone-900"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex items-center justify-between border-b border-stone-200 px-3 py-2 dark:border-stone-800">
        <h3 className="font-semibold">{t('tour.formTitle')}</h3>
        <Button variant="ghost" size="icon" className="h-9 w-9" onClick={onDone} aria-label={t('tour.cancel')}>
          <X className="h-5 w-5" aria-hidden />
        </Button>
      </div>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-3 py-3">
        <div className="grid grid-cols-2 gap-3">
          {label(
            'date',
            t('tour.date'),
            <DateSelect
              id="tr-date"
              labelId="tr-date-label"
              name="date"
              className="mt-1"
              min={todayIso()}
              value={d.date}
              onChange={(v) => set('date', v)}
              invalid={!!errors.date}
              describedBy={errors.date ? 'tr-date-error' : undefined}
            />,
            undefined,
            'col-span-2',
          )}
          {label(
            'startTime',
            t('tour.startTime'),
            <input
              type="time"
              className={field}
              value={d.startTime}
              onChange={(e) => set('startTime', e.target.value)}
              {...a11y('startTime')}
            />,
            <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">{t('tour.japanTime')}</p>,
          )}
          {label(
            'durationHours',
            t('tour.duration'),
            <input
              type="number"
              min={1}
              max={12}
              step={0.5}
              inputMode="decimal"
              className={field}
              value={d.durationHours}
              onChange={(e) => set('durationHours', e.target.value)}
              {...a11y('durationHours')}
            />,
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
        {label(
          'groupComposition',
          t('tour.group'),
          <input
            className={field}
            maxLength={500}
            placeholder={t('tour.groupPlaceholder')}
            value={d.groupComposition}
            onChange={(e) => set('groupComposition', e.target.value)}
            {...a11y('groupComposition')}
          />,
        )}
        {label(
          'subcategoryId',
          t('tour.service'),
          <select
            className={field}
            value={d.subcategoryId}
            disabled={!choices.data?.length}
            aria-busy={choices.isPending || undefined}
            onChange={(e) => set('subcategoryId', e.target.value)}
            {...a11y('subcategoryId')}
          >
            <option value="">{choices.isPending ? t('tour.servicesLoading') : t('tour.servicePlaceholder')}</option>
            {choices.data?.map((c) => (
              <optgroup key={c.id} label={serviceName(c, locale)}>
                {c.subcategories.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {serviceName(s, locale)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>,
          choices.isError ? (
            <p className="mt-1 text-xs text-danger-600 dark:text-danger-400">
              {withGap(t('tour.servicesFailed'))}
              <button type="button" className="underline" onClick={() => void choices.refetch()}>
                {t('tour.retry')}
              </button>
            </p>
          ) : choices.data && choices.data.length === 0 ? (
            <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">{t('tour.servicesNone')}</p>
          ) : null,
        )}
        {label(
          'itinerary',
          t('tour.itinerary'),
          <textarea
            rows={3}
            maxLength={2000}
            className={field}
            placeholder={t('tour.itineraryPlaceholder')}
            value={d.itinerary}
            onChange={(e) => set('itinerary', e.target.value)}
            {...a11y('itinerary')}
          />,
        )}
        {label(
          'meetingAddress',
          t('tour.address'),
          <MeetingPointInput
            className={field}
            maxLength={300}
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
          <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">{t('common:meetingPoint.hint')}</p>,
        )}
        {label(
          'meetingPostalCode',
          t('tour.postalCode'),
          <input
            className={field}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="123-4567"
            maxLength={8}
            value={d.meetingPostalCode}
            onChange={(e) => {
              set('meetingPostalCode', formatPostalCode(e.target.value));
              setD((old) => ({ ...old, meetingLat: null, meetingLng: null }));
            }}
            {...a11y('meetingPostalCode')}
          />,
        )}

        <fieldset className="space-y-3 rounded-lg border border-stone-200 p-3 dark:border-stone-700">
          <legend className="px-1 text-sm font-semibold">{t('tour.fees')}</legend>
          <div className="grid grid-cols-[1fr_5rem] gap-2">
            {label(
              'meal',
              t('tour.meal'),
              <select
                className={field}
                value={d.meal}
                onChange={(e) => set('meal', e.target.value as TourRequestDraft['meal'])}
                {...a11y('meal')}
              >
                {MEAL_OPTIONS.map((o) => (
                  <option key={o} value={o}>
                    {t(`tour.meals.${o}`)}
                  </option>
                ))}
              </select>,
            )}
            {label(
              'meals',
              t('tour.mealCount'),
              <input
                type="number"
                min={0}
                max={10}
                inputMode="numeric"
                className={field}
                value={d.meals}
                onChange={(e) => set('meals', e.target.value)}
                {...a11y('meals')}
              />,
            )}
          </div>
          {label(
            'transport',
            t('tour.transport'),
            <select
              className={field}
              value={d.transport}
              onChange={(e) => set('transport', e.target.value as TourRequestDraft['transport'])}
              {...a11y('transport')}
            >
              {TRANSPORT_OPTIONS.map((o) => (
                <option key={o} value={o}>
                  {o === 'none'
                    ? t('tour.transports.none')
                    : t(`tour.transports.${o}`, { amount: yen(TRANSPORT_ALLOWANCE_YEN[o], locale) })}
                </option>
              ))}
            </select>,
          )}
          <div className="grid grid-cols-[1fr_5rem] gap-2">
            {label(
              'tickets',
              t('tour.tickets'),
              <select
                className={field}
                value={d.tickets}
                onChange={(e) => set('tickets', e.target.value as TourRequestDraft['tickets'])}
                {...a11y('tickets')}
              >
                {TICKET_OPTIONS.map((o) => (
                  <option key={o} value={o}>
                    {t(`tour.ticketOptions.${o}`)}
                  </option>
                ))}
              </select>,
            )}
            {label(
              'ticketCount',
              t('tour.ticketCount'),
              <input
                type="number"
                min={0}
                max={20}
                inputMode="numeric"
                disabled={d.tickets === 'no_payment'}
                className={field}
                value={d.tickets === 'no_payment' ? '0' : d.ticketCount}
                onChange={(e) => set('ticketCount', e.target.value)}
                {...a11y('ticketCount')}
              />,
            )}
          </div>
          <FeeLines fees={fees} />
        </fieldset>
        {label(
          'note',
          t('tour.note'),
          <textarea
            rows={2}
            maxLength={2000}
            className={field}
            value={d.note}
            onChange={(e) => set('note', e.target.value)}
            {...a11y('note')}
          />,
        )}
        {send.isError && !(send.error instanceof ApiError && send.error.code === 'service_not_offered') && (
          <p role="alert" className="text-sm text-danger-600 dark:text-danger-400">
            {t('tour.sendFailed')}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2 border-t border-stone-200 px-3 py-2 dark:border-stone-800">
        <Button variant="ghost" onClick={onDone}>
          {t('tour.cancel')}
        </Button>
        <Button type="submit" variant="accent" busy={send.isPending}>
          {t('tour.send')}
        </Button>
      </div>
    </form>
  );
}

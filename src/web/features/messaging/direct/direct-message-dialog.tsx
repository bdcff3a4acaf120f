import { useQueries } from '@tanstack/react-query';
import { Check, TriangleAlert, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { currentLocale } from '../../../lib/i18n';
import { getSlots } from '../../bookings';
import { Sheet } from '../../../components/ui/sheet';
import { getGuide, guideKeys } from '../../guides';
import type { SelectedGuide } from '../../search';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { openConversation } from '../api/conversations';
import { displayDate } from '../tour-request/rules';
import { guideError, hoursBetween, inRange, requestError, TIME_OPTIONS, type GuideDay } from './rules';

const field =
  'mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm dark:border-stone-700 dark:bg-stone-950 aria-[invalid=true]:border-danger-600';
const newId = () => (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '');

type SendState = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * One message to each selected guide, for the date of the search filters and a start
 * and end time that must be inside every guide's availability (their bookable slots for that
 * length). Each guide's duration and group-size ranges are shown against the request.
 */
export default function DirectMessageDialog({
  open,
  onOpenChange,
  guides,
  onRemove,
  date,
  travelers,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  guides: SelectedGuide[];
  onRemove: (g: SelectedGuide) => void;
  date: string | undefined;
  travelers: number;
}) {
  const { t } = useTranslation('messaging');
  const [start, setStart] = useState('10:00');
  const [end, setEnd] = useState('14:00');
  const [body, setBody] = useState('');
  const [results, setResults] = useState<Record<number, SendState>>({});
  const [showErrors, setShowErrors] = useState(false);
  const ids = useRef<Record<number, string>>({});
  const hours = hoursBetween(start, end);
  const timeOk = hours >= 0.5;
  const global = requestError(guides.length, date);

  const details = useQueries({
    queries: guides.map((g) => ({ queryKey: guideKeys.detail(g.id), queryFn: () => getGuide(g.id) })),
  });
  const slots = useQueries({
    queries: guides.map((g) => ({
      queryKey: ['bookings', 'slots', g.id, date ?? '', hours] as const,
      queryFn: () => getSlots(g.id, date!, hours),
      enabled: !!date && timeOk,
      staleTime: 60_000,
      retry: 1,
    })),
  });
  // The server refuses a length outside the guide's range (a 4xx): nothing bookable, not a failed check.
  const days: GuideDay[] = slots.map((q) =>
    q.isError
      ? q.error instanceof ApiError && q.error.status >= 400 && q.error.status < 500 && q.error.status !== 401
        ? { status: 'ready', starts: [] }
        : { status: 'error' }
      : q.data
        ? { status: 'ready', starts: q.data.slots.map((s) => s.startTime) }
        : { status: 'loading' },
  );
  const errors = guides.map((_, i) => (global || !timeOk ? null : guideError(days[i]!, start)));
  const loading = !global && timeOk && days.some((d) => d.status === 'loading');
  const blocked = !!global || !timeOk || loading || errors.some(Boolean) || !body.trim();
  const sending = Object.values(results).includes('sending');
  const allSent = guides.length > 0 && guides.every((g) => results[g.id] === 'sent');

  const send = async () => {
    setShowErrors(true);
    if (blocked || sending) return;
    const text = `${body.trim()}\n\n${t('direct.when', { date, start, end })}`;
    for (const g of guides) {
      if (results[g.id] === 'sent') continue;
      setResults((r) => ({ ...r, [g.id]: 'sending' }));
      try {
        const c = await openConversation(g.id);
        ids.current[g.id] ??= newId();
        await apiRequest(`/api/conversations/${c.data.conversation.id}/messages`, {
          method: 'POST',
          body: { clientMessageId: ids.current[g.id], body: text },
        });
        setResults((r) => ({ ...r, [g.id]: 'sent' }));
      } catch {
        setResults((r) => ({ ...r, [g.id]: 'failed' }));
      }
    }
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('direct.title', { count: guides.length })}
      description={t('direct.description')}
      closeLabel={t('direct.close')}
      className="sm:max-w-lg"
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {global && (
          <p
            role="alert"
            data-error-kind={global}
            className="rounded-lg bg-danger-600/10 p-3 text-sm text-danger-700 dark:text-danger-300"
          >
            {t(`direct.errors.${global}`)}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="col-span-2 sm:col-span-1">
            <span className="text-sm font-medium">{t('direct.date')}</span>
            <p className="py-1 text-sm sm:mt-1 sm:py-2" data-testid="direct-date">
              {date ? displayDate(date, currentLocale()) : '—'}
            </p>
          </div>
          <label className="text-sm font-medium">
            {t('direct.start')}
            <select className={field} value={start} onChange={(e) => setStart(e.target.value)}>
              {TIME_OPTIONS.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium">
            {t('direct.end')}
            <select
              className={field}
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              aria-invalid={!timeOk || undefined}
              aria-describedby={!timeOk ? 'direct-time-error' : undefined}
            >
              {TIME_OPTIONS.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </select>
          </label>
        </div>
        <p className="-mt-2 text-xs text-stone-500 dark:text-stone-400">
          {t('direct.request', { count: hours, hours, travelers })}
        </p>
        {!timeOk && (
          <p id="direct-time-error" className="-mt-2 text-sm text-danger-600 dark:text-danger-400">
            {t('direct.errors.endBeforeStart')}
          </p>
        )}

        <ul
          className="divide-y divide-stone-100 rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-700"
          aria-label={t('direct.guides')}
        >
          {guides.map((g, i) => {
            const d = details[i]?.data;
            const err = errors[i];
            const result = results[g.id];
            return (
              <li
                key={g.id}
                className="flex items-start gap-3 p-3 text-sm"
                data-testid="direct-guide"
                data-error-kind={err ?? undefined}
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{g.name}</p>
                  {d ? (
                    <p className="text-xs text-stone-600 dark:text-stone-300">
                      <span
                        className={cn(
                          !inRange(hours, d.minDuration, d.maxDuration) &&
                            'font-semibold underline decoration-warning-500 decoration-2 underline-offset-2',
                        )}
                      >
                        {t('direct.durationRange', { min: d.minDuration, max: d.maxDuration })}
                      </span>
                      {' · '}
                      <span
                        className={cn(
                          !inRange(travelers, d.minPeople, d.maxPeople) &&
                            'font-semibold underline decoration-warning-500 decoration-2 underline-offset-2',
                        )}
                      >
                        {t('direct.groupRange', { min: d.minPeople, max: d.maxPeople })}
                      </span>
                      {d &&
                        (!inRange(hours, d.minDuration, d.maxDuration) ||
                          !inRange(travelers, d.minPeople, d.maxPeople)) && (
                          <span className="block">{t('direct.outsideRange')}</span>
                        )}
                    </p>
                  ) : (
                    <p className="h-4 w-40 animate-pulse rounded bg-stone-100 dark:bg-stone-800" />
                  )}
                  {err && (
                    <p className="mt-1 text-danger-600 dark:text-danger-400">
                      {t(`direct.errors.${err}`, { start, end })}
                    </p>
                  )}
                  {!err && !global && timeOk && days[i]?.status === 'ready' && (
                    <p className="mt-1 inline-flex items-center gap-1 text-success-600">
                      <Check className="h-3.5 w-3.5" aria-hidden />
                      {t('direct.available')}
                    </p>
                  )}
                  {result === 'sent' && <p className="mt-1 font-medium text-success-600">{t('direct.sent')}</p>}
                  {result === 'failed' && (
                    <p className="mt-1 inline-flex items-center gap-1 text-danger-600 dark:text-danger-400">
                      <TriangleAlert className="h-3.5 w-3.5" aria-hidden />
                      {t('direct.failed')}
                    </p>
                  )}
                </div>
                {!result && (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-8 w-8 shrink-0"
                    onClick={() => onRemove(g)}
                    aria-label={t('direct.remove', { name: g.name })}
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>

        <label className="block text-sm font-medium">
          {t('direct.message')}
          <textarea
            rows={4}
            maxLength={1800}
            className={field}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            placeholder={t('direct.placeholder')}
            aria-invalid={showErrors && !body.trim() ? true : undefined}
            aria-describedby={showErrors && !body.trim() ? 'direct-body-error' : undefined}
          />
        </label>
        {showErrors && !body.trim() && (
          <p id="direct-body-error" className="-mt-3 text-sm text-danger-600 dark:text-danger-400">
            {t('direct.errors.body')}
          </p>
        )}
        {allSent ? (
          <div className="flex items-center justify-between gap-3" role="status">
            <p className="text-sm font-medium">{t('direct.allSent', { count: guides.length })}</p>
            <Link to="/messages" className="text-sm font-medium text-primary-700 underline dark:text-primary-300">
              {t('direct.open')}
            </Link>
          </div>
        ) : (
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              {t('direct.cancel')}
            </Button>
            <Button
              type="submit"
              variant="accent"
              busy={sending || loading}
              disabled={blocked && !(!body.trim() && !global && timeOk && !loading && !errors.some(Boolean))}
            >
              {t('direct.send', { count: guides.length })}
            </Button>
          </div>
        )}
      </form>
    </Sheet>
  );
}

import { CalendarPlus, RefreshCw, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarView } from '../../../../shared/schemas/calendars';
import { Button } from '../../../components/ui/button';
import { Panel, TextField } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { formatInstant } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useAddCalendar, useMyCalendars, useRemoveCalendar, useSyncCalendar } from '../api/calendars';
import { CalendarHelp } from './calendar-help';
import { QueryFallback } from './query-fallback';

/**
 * Her other calendars (decision 200): each with its name, host, last read and busy times, the last
 * problem in her language, read now or removed; and a form to add one by its secret iCal address, with
 * where Google, Apple and Outlook show it.
 */
export function OtherCalendars() {
  const { t } = useTranslation('guideBusiness');
  const calendars = useMyCalendars();
  return (
    <Panel id="calendars" title={t('otherCalendars.title')} description={t('otherCalendars.intro')}>
      {calendars.isPending || calendars.isError ? (
        <QueryFallback query={calendars} />
      ) : (
        <div className="space-y-5">
          {calendars.data.calendars.length > 0 && (
            <ul className="space-y-3">
              {calendars.data.calendars.map((c) => (
                <CalendarRow key={c.id} calendar={c} />
              ))}
            </ul>
          )}
          {calendars.data.calendars.length < calendars.data.max ? (
            <AddCalendar />
          ) : (
            <p className="text-sm text-stone-600 dark:text-stone-400">
              {t('otherCalendars.full', { count: calendars.data.max })}
            </p>
          )}
          <p className="text-xs text-stone-600 dark:text-stone-400">
            {t('otherCalendars.every', { count: calendars.data.syncMinutes })}
          </p>
          <CalendarHelp />
        </div>
      )}
    </Panel>
  );
}

/** The problem an answer names, in her language: a read's problem code, or the refusal's own code. */
function problemOf(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  const problem = error.body?.fields?.[0]?.message;
  if (problem) return t(`otherCalendars.problems.${problem}`);
  if (error.code === 'calendar_limit' || error.code === 'calendar_exists') return t(`otherCalendars.${error.code}`);
  return t('errors.generic');
}

function AddCalendar() {
  const { t } = useTranslation('guideBusiness');
  const add = useAddCalendar();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate(
      { url: url.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: (c) => {
          setUrl('');
          setName('');
          showToast({ title: t('otherCalendars.added', { count: c.busyCount }), variant: 'success' });
        },
        onError: (err) => setError(problemOf(err, t)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <TextField
        label={t('otherCalendars.url')}
        hint={t('otherCalendars.urlHint')}
        error={error}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        inputMode="url"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        required
        placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
        className="font-mono text-xs sm:text-xs"
      />
      <TextField
        label={t('otherCalendars.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={60}
        placeholder={t('otherCalendars.namePlaceholder')}
      />
      <Button type="submit" variant="primary" disabled={!url.trim() || add.isPending}>
        <CalendarPlus className="h-4 w-4" aria-hidden />
        {add.isPending ? t('otherCalendars.reading') : t('otherCalendars.add')}
      </Button>
    </form>
  );
}

function CalendarRow({ calendar: c }: { calendar: CalendarView }) {
  const { t } = useTranslation('guideBusiness');
  const locale = currentLocale();
  const sync = useSyncCalendar();
  const remove = useRemoveCalendar();
  const [confirming, setConfirming] = useState(false);
  const when = (iso: string) => {
    const { date, time } = formatInstant(iso, locale);
    return `${date} ${time}`;
  };
  const failed = () => showToast({ title: t('errors.generic'), variant: 'destructive' });
  return (
    <li className="rounded-lg border border-stone-200 p-3 text-sm dark:border-stone-700">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 break-words font-medium">{c.name}</p>
        <p className="min-w-0 break-all font-mono text-xs text-stone-600 dark:text-stone-400">{c.host}</p>
      </div>
      <p className="mt-1 text-stone-700 dark:text-stone-300">
        {c.lastSuccessAt
          ? t('otherCalendars.lastRead', { when: when(c.lastSuccessAt), count: c.busyCount })
          : t('otherCalendars.neverRead')}
      </p>
      {c.problem && (
        <p
          role="status"
          className="mt-2 rounded-md bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {t(`otherCalendars.problems.${c.problem}`)} {t('otherCalendars.kept')}
        </p>
      )}
      {confirming ? (
        <div role="alertdialog" aria-labelledby={`calendar-${c.id}-remove-q`} className="mt-3 space-y-2">
          <p id={`calendar-${c.id}-remove-q`}>{t('otherCalendars.removeConfirm', { name: c.name })}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              size="sm"
              disabled={remove.isPending}
              onClick={() => remove.mutate(c.id, { onError: failed })}
            >
              {t('otherCalendars.removeYes')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={sync.isPending}
            aria-label={t('otherCalendars.syncNamed', { name: c.name })}
            onClick={() => sync.mutate(c.id, { onError: failed })}
          >
            <RefreshCw className="h-4 w-4" aria-hidden />
            {sync.isPending ? t('otherCalendars.reading') : t('otherCalendars.sync')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('otherCalendars.removeNamed', { name: c.name })}
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            {t('otherCalendars.remove')}
          </Button>
        </div>
      )}
    </li>
  );
}

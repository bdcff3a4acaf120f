import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isUsableRate } from '../../../../shared/currency';
import type { Locale } from '../../../../shared/locales';
import type { AdminFx } from '../../../../shared/schemas/fx';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { formatInstant } from '../../../lib/format';
import { useAdminAction } from '../api/actions';
import { useFxOverview } from '../api/operations';
import { DetailCard, Facts, Section } from './ui/detail';
import { Empty, ErrorNote, QueryFallback } from './ui/feedback';
import { useFormat } from './ui/use-format';

/** A reference day (yyyy-mm-dd) as the reader writes dates. */
const day = (date: string, locale: Locale) => formatInstant(`${date}T12:00:00+09:00`, locale, 'Asia/Tokyo').date;

/**
 * Yen per yuan (decision 165): the rate quotes and bookings use now, where it came from and for which
 * day, the ECB feed's latest failure, the rates kept; under FX_PROVIDER=fixed the admin sets the rate here.
 */
export function ExchangeRate() {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const fx = useFxOverview();
  if (fx.isPending || fx.isError) return <QueryFallback query={fx} />;
  const { provider, current, configuredJpyPerCny, lastFailure, rates } = fx.data;
  return (
    <DetailCard title={t('rates.title')}>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        {t(`rates.rule.${provider}`, { setting: 'FX_PROVIDER', fixed: 'FX_JPY_PER_CNY' })}
      </p>
      <Facts
        items={[
          [
            t('rates.inUse'),
            <strong key="r" className="tabular-nums" data-testid="fx-current">
              {t('rates.perYuan', { rate: current.jpyPerCny })}
            </strong>,
          ],
          [t('rates.source'), t(`rates.sources.${current.source}`)],
          [t('rates.asOf'), day(current.asOf, f.locale)],
          [t('rates.configured', { setting: 'FX_JPY_PER_CNY' }), t('rates.perYuan', { rate: configuredJpyPerCny })],
        ]}
      />
      {provider === 'ecb' && <LastFailure failure={lastFailure} />}
      {provider === 'fixed' && <SetFixedRate />}
      <Section title={t('rates.kept')}>
        {rates.length === 0 ? (
          <Empty>{t('rates.none')}</Empty>
        ) : (
          <ul className="divide-y divide-stone-100 text-sm dark:divide-stone-800" aria-label={t('rates.kept')}>
            {rates.map((r) => (
              <li
                key={`${r.source}-${r.asOf}`}
                className="flex flex-wrap items-baseline justify-between gap-2 py-2"
                data-testid="fx-rate"
              >
                <span>{`${day(r.asOf, f.locale)} · ${t(`rates.sources.${r.source}`)}`}</span>
                <span className="tabular-nums">{t('rates.perYuan', { rate: r.jpyPerCny })}</span>
                <span className="w-full text-xs text-stone-600 dark:text-stone-400">
                  {t('rates.recorded', { at: f.when(r.recordedAt) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </DetailCard>
  );
}

function LastFailure({ failure }: { failure: AdminFx['lastFailure'] }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  if (!failure) return <p className="text-sm text-stone-600 dark:text-stone-400">{t('rates.noFailure')}</p>;
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-900/30 dark:text-amber-100"
      data-testid="fx-failure"
    >
      <p className="font-medium">{t('rates.lastFailure', { at: f.when(failure.at) })}</p>
      <p>{t(`rates.failures.${failure.kind}`, { date: failure.feedAsOf ? day(failure.feedAsOf, f.locale) : '—' })}</p>
      <p className="break-words text-xs text-amber-900 dark:text-amber-200">{failure.detail}</p>
    </div>
  );
}

/** The admin's fixed rate, checked here as the server checks it (isUsableRate) before it is sent. */
function SetFixedRate() {
  const { t } = useTranslation('admin');
  const act = useAdminAction();
  const [rate, setRate] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isUsableRate(rate.trim())) return setInvalid(true);
    act.mutate({ kind: 'fx', step: 'rate', jpyPerCny: rate.trim() }, { onSuccess: () => setRate('') });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('rates.set')}>
      <TextField
        label={t('rates.newRate')}
        hint={t('rates.newRateHint')}
        inputMode="decimal"
        value={rate}
        onChange={(e) => (setRate(e.target.value), setInvalid(false))}
        error={invalid ? t('rates.invalid') : null}
        maxLength={12}
      />
      <ErrorNote error={act.error} />
      <Button type="submit" size="sm" busy={act.isPending}>
        {t('rates.set')}
      </Button>
    </form>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_CITIES, type ServiceCitySlug } from '../../../../shared/cities';
import { cityOfOffice, JMA_AREAS, JMA_WARNING_CODES } from '../../../../shared/weather';
import { SelectField, TextField } from '../../../components/ui/form';
import { currentLocale } from '../../../lib/i18n';
import { cityName } from '../../../lib/format';
import { useAdminAction } from '../api/actions';
import { useRecordedWarnings } from '../api/operations';
import { ConfirmAction } from './ui/confirm-action';
import { DetailCard } from './ui/detail';
import { Empty, QueryFallback } from './ui/feedback';
import { useFormat } from './ui/use-format';

/**
 * The typhoon rule by hand (decision 093): an admin records a JMA warning or special warning
 * for a city (e.g. while JMA's data cannot be read) or lifts one; both are audited, and the city's
 * tours whose 18:00-the-day-before check has come are checked again at once.
 */
export function WeatherWarnings() {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const locale = currentLocale();
  const list = useRecordedWarnings();
  const act = useAdminAction();
  const [city, setCity] = useState<ServiceCitySlug>('kyoto');
  const [code, setCode] = useState('05');
  const [note, setNote] = useState('');
  const cityOf = (office: string) => {
    const c = cityOfOffice(office);
    return c ? cityName(c, locale) : office;
  };
  return (
    <DetailCard
      title={t('weather.title')}
      actions={
        <ConfirmAction
          label={t('weather.record')}
          title={t('weather.recordTitle')}
          description={t('weather.recordBody')}
          onConfirm={() =>
            act
              .mutateAsync({ kind: 'weather', step: 'record', body: { city, code, note: note.trim() || undefined } })
              .then(() => setNote(''))
          }
        >
          <SelectField
            label={t('weather.city')}
            value={city}
            onChange={(e) => setCity(e.target.value as ServiceCitySlug)}
          >
            {SERVICE_CITIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {`${cityName(c.slug, locale)} (${JMA_AREAS[c.slug].office})`}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('weather.kind')} value={code} onChange={(e) => setCode(e.target.value)}>
            {Object.entries(JMA_WARNING_CODES).map(([c, w]) => (
              <option key={c} value={c}>{`${w.name} (${c})`}</option>
            ))}
          </SelectField>
          <TextField label={t('weather.note')} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </ConfirmAction>
      }
    >
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('weather.rule')}</p>
      {list.isPending || list.isError ? (
        <QueryFallback query={list} />
      ) : list.data.warnings.length === 0 ? (
        <Empty>{t('weather.none')}</Empty>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200 dark:divide-stone-800">
          {list.data.warnings.map((w) => (
            <li
              key={w.id}
              className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm"
              data-testid="recorded-warning"
            >
              <div className="min-w-0">
                <p className="font-medium">{`${cityOf(w.areaCode)} · ${w.name}`}</p>
                <p className="text-xs text-stone-600 dark:text-stone-400">
                  {t('weather.meta', { issued: f.when(w.issuedAt, 'Asia/Tokyo'), admin: w.recordedBy })}
                  {w.liftedAt
                    ? ` · ${t('weather.lifted', { at: f.when(w.liftedAt, 'Asia/Tokyo') })}`
                    : ` · ${t('weather.inForce')}`}
                </p>
                {w.note && <p className="break-words text-xs">{w.note}</p>}
              </div>
              {!w.liftedAt && (
                <ConfirmAction
                  label={t('weather.lift')}
                  title={t('weather.liftTitle')}
                  variant="outline"
                  onConfirm={() => act.mutateAsync({ kind: 'weather', id: w.id, step: 'lift' })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}

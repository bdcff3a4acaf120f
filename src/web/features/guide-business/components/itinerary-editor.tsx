import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LANGUAGES, type TextLanguage } from '../../../../shared/guide-texts';
import type { ItineraryBody, OwnItinerary } from '../../../../shared/schemas/guide-business';
import { shopStopsSchema } from '../../../../shared/schemas/shop-stops';
import { Button } from '../../../components/ui/button';
import { ShopStopsEditor, toShopStops, type ShopStopDraft } from '../../../components/ui/shop-stops';
import { Panel, SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { localeTextLanguage } from '../../../../shared/guide-texts';
import {
  saveErrorKey,
  saveErrorText,
  useDeleteItinerary,
  useMyItineraries,
  useSaveItinerary,
} from '../api/guide-business';
import { LanguageTabs } from './language-tabs';
import { QueryFallback } from './query-fallback';

interface StopText {
  title: string;
  description: string;
}
interface LangText {
  title: string;
  summary: string;
  stops: StopText[];
}
interface Form {
  durationHours: string;
  originalLanguage: TextLanguage;
  times: string[];
  texts: Record<TextLanguage, LangText>;
  shopStops: ShopStopDraft[];
}

const emptyLang = (stops: number): LangText => ({
  title: '',
  summary: '',
  stops: Array.from({ length: stops }, () => ({ title: '', description: '' })),
});

function toForm(it: OwnItinerary | null, fallback: TextLanguage): Form {
  if (!it)
    return {
      durationHours: '3',
      originalLanguage: fallback,
      times: ['10:00'],
      texts: { zh: emptyLang(1), en: emptyLang(1), ja: emptyLang(1) },
      shopStops: [],
    };
  const n = it.stops.length;
  const texts = Object.fromEntries(
    TEXT_LANGUAGES.map((l) => {
      const t = it.texts[l];
      return [
        l,
        t
          ? {
              title: t.title,
              summary: t.summary,
              stops: Array.from({ length: n }, (_, i) => ({
                title: t.stops[i]?.title ?? '',
                description: t.stops[i]?.description ?? '',
              })),
            }
          : emptyLang(n),
      ];
    }),
  ) as Record<TextLanguage, LangText>;
  const shopStops = it.shopStops.map((s) => ({ name: s.name, minutes: String(s.minutes), paidByShop: s.paidByShop }));
  return {
    durationHours: String(it.durationHours),
    originalLanguage: it.originalLanguage,
    times: it.stops.map((s) => s.time),
    texts,
    shopStops,
  };
}

const isEmpty = (t: LangText) =>
  !t.title.trim() && !t.summary.trim() && t.stops.every((s) => !s.title.trim() && !s.description.trim());

/** The guide's sample itineraries (/itinerary/{id}), each written in one or more languages. */
export function ItineraryEditor() {
  const { t } = useTranslation('guideBusiness');
  const query = useMyItineraries();
  const remove = useDeleteItinerary();
  /** null: no form open; 'new': adding; a number: editing that itinerary. */
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const list = query.data?.data ?? [];
  return (
    <Panel id="itineraries" title={t('itineraries.title')} description={t('itineraries.intro')}>
      {query.isPending || query.isError ? (
        <QueryFallback query={query} />
      ) : (
        <>
          {list.length === 0 && editing === null && (
            <p className="text-sm text-stone-600 dark:text-stone-400">{t('itineraries.none')}</p>
          )}
          <ul className="space-y-3">
            {list.map((it) =>
              editing === it.id ? (
                <li key={it.id}>
                  <ItineraryForm initial={it} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li
                  key={it.id}
                  className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 p-3 dark:border-stone-700"
                >
                  <div className="min-w-0 flex-1">
                    <p
                      className="truncate font-medium"
                      lang={it.originalLanguage === 'zh' ? 'zh-CN' : it.originalLanguage}
                    >
                      {it.texts[it.originalLanguage]?.title}
                    </p>
                    <p className="text-xs text-stone-600 dark:text-stone-400">
                      {t('itineraries.meta', {
                        count: it.durationHours,
                        languages: TEXT_LANGUAGES.filter((l) => it.texts[l])
                          .map((l) => t(`texts.name.${l}`))
                          .join(' · '),
                      })}
                    </p>
                  </div>
                  {confirming === it.id ? (
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="text-sm">{t('itineraries.deleteConfirm')}</span>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(it.id, {
                            onSuccess: () => {
                              setConfirming(null);
                              showToast({ title: t('itineraries.deleted'), variant: 'success' });
                            },
                            onError: (err) => showToast({ title: t(saveErrorKey(err)), variant: 'destructive' }),
                          })
                        }
                      >
                        {t('itineraries.deleteYes')}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setConfirming(null)}>
                        {t('cancel')}
                      </Button>
                    </span>
                  ) : (
                    <span className="flex gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setEditing(it.id)}
                        aria-label={t('itineraries.editNamed', { title: it.texts[it.originalLanguage]?.title ?? '' })}
                      >
                        {t('itineraries.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setConfirming(it.id)}
                        aria-label={t('itineraries.deleteNamed', { title: it.texts[it.originalLanguage]?.title ?? '' })}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </Button>
                    </span>
                  )}
                </li>
              ),
            )}
          </ul>
          {editing === 'new' ? (
            <div className="mt-4">
              <ItineraryForm initial={null} onDone={() => setEditing(null)} />
            </div>
          ) : (
            <Button className="mt-4" variant="outline" onClick={() => setEditing('new')} disabled={editing !== null}>
              <Plus className="h-4 w-4" aria-hidden />
              {t('itineraries.add')}
            </Button>
          )}
        </>
      )}
    </Panel>
  );
}

function ItineraryForm({ initial, onDone }: { initial: OwnItinerary | null; onDone: () => void }) {
  const { t } = useTranslation(['guideBusiness', 'licences']);
  const save = useSaveItinerary();
  const [form, setForm] = useState<Form>(() => toForm(initial, localeTextLanguage(currentLocale())));
  const [tab, setTab] = useState<TextLanguage>(form.originalLanguage);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const setLang = (l: TextLanguage, patch: Partial<LangText>) =>
    setForm((f) => ({ ...f, texts: { ...f.texts, [l]: { ...f.texts[l], ...patch } } }));
  const setStop = (l: TextLanguage, i: number, patch: Partial<StopText>) =>
    setForm((f) => ({
      ...f,
      texts: {
        ...f.texts,
        [l]: { ...f.texts[l], stops: f.texts[l].stops.map((s, j) => (j === i ? { ...s, ...patch } : s)) },
      },
    }));
  const addStop = () =>
    setForm((f) => ({
      ...f,
      times: [...f.times, '12:00'],
      texts: Object.fromEntries(
        TEXT_LANGUAGES.map((l) => [l, { ...f.texts[l], stops: [...f.texts[l].stops, { title: '', description: '' }] }]),
      ) as Form['texts'],
    }));
  const removeStop = (i: number) =>
    setForm((f) => ({
      ...f,
      times: f.times.filter((_, j) => j !== i),
      texts: Object.fromEntries(
        TEXT_LANGUAGES.map((l) => [l, { ...f.texts[l], stops: f.texts[l].stops.filter((_, j) => j !== i) }]),
      ) as Form['texts'],
    }));
  const written = Object.fromEntries(TEXT_LANGUAGES.map((l) => [l, !isEmpty(form.texts[l])])) as Record<
    TextLanguage,
    boolean
  >;
  const formId = `itinerary-${initial?.id ?? 'new'}`;

  const submit = () => {
    const hours = Number(form.durationHours);
    if (!/^\d{1,2}$/.test(form.durationHours.trim()) || hours < 1 || hours > 24)
      return setError(t('itineraries.hoursError'));
    if (form.times.some((x) => !/^([01]\d|2[0-3]):[0-5]\d$/.test(x))) return setError(t('itineraries.timeError'));
    const orig = form.texts[form.originalLanguage];
    if (!orig.title.trim() || orig.stops.some((s) => !s.title.trim())) {
      setTab(form.originalLanguage);
      return setError(t('itineraries.originalRequired', { language: t(`texts.name.${form.originalLanguage}`) }));
    }
    const missingTitle = TEXT_LANGUAGES.find(
      (l) => l !== form.originalLanguage && !isEmpty(form.texts[l]) && !form.texts[l].title.trim(),
    );
    if (missingTitle) {
      setTab(missingTitle);
      return setError(t('itineraries.titleRequired', { language: t(`texts.name.${missingTitle}`) }));
    }
    const shopStops = toShopStops(form.shopStops);
    if (!shopStopsSchema.safeParse(shopStops).success) return setError(t('common:shopStops.editor.invalid'));
    setError(null);
    const texts: ItineraryBody['texts'] = {};
    for (const l of TEXT_LANGUAGES) {
      const x = form.texts[l];
      if (l !== form.originalLanguage && isEmpty(x)) continue;
      texts[l] = {
        title: x.title.trim(),
        summary: x.summary.trim(),
        stops: x.stops.map((s) => ({ title: s.title.trim(), description: s.description.trim() })),
      };
    }
    save.mutate(
      {
        id: initial?.id,
        body: {
          durationHours: hours,
          originalLanguage: form.originalLanguage,
          stops: form.times.map((time) => ({ time })),
          shopStops,
          texts,
        },
      },
      {
        onSuccess: () => {
          showToast({ title: t('itineraries.saved'), variant: 'success' });
          onDone();
        },
        onError: (err) => setError(saveErrorText(t, err)),
      },
    );
  };

  return (
    <form
      noValidate
      aria-label={initial ? t('itineraries.editTitle') : t('itineraries.newTitle')}
      className="rounded-lg border border-primary-200 p-4 dark:border-primary-800"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('itineraries.duration')}
          inputMode="numeric"
          value={form.durationHours}
          onChange={(e) => set({ durationHours: e.target.value })}
        />
        <SelectField
          label={t('texts.original')}
          value={form.originalLanguage}
          onChange={(e) => set({ originalLanguage: e.target.value as TextLanguage })}
        >
          {TEXT_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`texts.name.${l}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="mt-4">
        <LanguageTabs id={formId} value={tab} onChange={setTab} written={written} original={form.originalLanguage}>
          <div className="grid gap-4" lang={tab === 'zh' ? 'zh-CN' : tab}>
            <TextField
              label={t('itineraries.titleField', { language: t(`texts.name.${tab}`) })}
              maxLength={120}
              value={form.texts[tab].title}
              onChange={(e) => setLang(tab, { title: e.target.value })}
            />
            <TextAreaField
              label={t('itineraries.summary', { language: t(`texts.name.${tab}`) })}
              rows={2}
              maxLength={1000}
              value={form.texts[tab].summary}
              onChange={(e) => setLang(tab, { summary: e.target.value })}
            />
            <ol className="space-y-4">
              {form.times.map((time, i) => (
                <li key={i} className="rounded-md bg-stone-50 p-3 dark:bg-stone-900">
                  <div className="flex flex-wrap items-end gap-3">
                    <TextField
                      label={t('itineraries.stopTime', { n: i + 1 })}
                      type="time"
                      value={time}
                      wrapperClassName="w-36"
                      onChange={(e) => set({ times: form.times.map((x, j) => (j === i ? e.target.value : x)) })}
                    />
                    <TextField
                      label={t('itineraries.stopTitle', { n: i + 1 })}
                      maxLength={120}
                      value={form.texts[tab].stops[i]?.title ?? ''}
                      wrapperClassName="min-w-0 flex-1"
                      onChange={(e) => setStop(tab, i, { title: e.target.value })}
                    />
                    {form.times.length > 1 && (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        aria-label={t('itineraries.removeStop', { n: i + 1 })}
                        onClick={() => removeStop(i)}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </Button>
                    )}
                  </div>
                  <TextAreaField
                    label={t('itineraries.stopDescription', { n: i + 1 })}
                    rows={2}
                    maxLength={1000}
                    wrapperClassName="mt-3"
                    value={form.texts[tab].stops[i]?.description ?? ''}
                    onChange={(e) => setStop(tab, i, { description: e.target.value })}
                  />
                </li>
              ))}
            </ol>
            {form.times.length < 20 && (
              <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={addStop}>
                <Plus className="h-4 w-4" aria-hidden />
                {t('itineraries.addStop')}
              </Button>
            )}
          </div>
        </LanguageTabs>
      </div>
      <div className="mt-4">
        <ShopStopsEditor value={form.shopStops} onChange={(shopStops) => set({ shopStops })} />
      </div>
      {error && (
        <p role="alert" className="mt-4 text-sm text-danger-600">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('itineraries.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

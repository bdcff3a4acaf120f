import { Plus, ShoppingBag, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SHOP_STOPS, type ShopStop } from '../../../shared/schemas/shop-stops';
import { Button } from './button';

/**
 * The shop stops a guide declared with an offer (decision 135), read wherever the traveler decides:
 * the offer in the chat and the final confirmation before paying. No stop is said in words, not left
 * out: "none declared" is what a traveler can later hold the tour to.
 */
export function ShopStopsList({ stops, className }: { stops: readonly ShopStop[]; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={className} data-testid="shop-stops">
      <p className="flex items-center gap-1.5 font-medium text-stone-800 dark:text-stone-200">
        <ShoppingBag className="h-4 w-4 shrink-0" aria-hidden />
        {t('shopStops.title')}
      </p>
      {stops.length === 0 ? (
        <p className="mt-0.5 text-stone-600 dark:text-stone-400">{t('shopStops.none')}</p>
      ) : (
        <ul className="mt-0.5 space-y-1">
          {stops.map((s, i) => (
            <li key={i} className="break-words">
              <span className="text-stone-800 dark:text-stone-200">
                {t('shopStops.item', { name: s.name, minutes: s.minutes })}
              </span>{' '}
              <span
                className={
                  s.paidByShop ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-stone-600 dark:text-stone-400'
                }
              >
                {t(s.paidByShop ? 'shopStops.paidByShop' : 'shopStops.notPaid')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-0.5 text-xs text-stone-500 dark:text-stone-400">{t('shopStops.undeclared')}</p>
    </div>
  );
}

/** A stop as the guide types it: minutes stay text until the offer is sent. */
export interface ShopStopDraft {
  name: string;
  minutes: string;
  paidByShop: boolean;
}

export const toShopStops = (drafts: readonly ShopStopDraft[]): ShopStop[] =>
  drafts.map((d) => ({ name: d.name, minutes: Number(d.minutes), paidByShop: d.paidByShop }));

const field =
  'mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm dark:border-stone-700 dark:bg-stone-900';

/**
 * The shop stops of an offer or an itinerary (decision 135), as the guide declares them: each with
 * its name, minutes and whether the shop pays the guide. None is a statement too, said to the guide
 * in the words the traveler will read.
 */
export function ShopStopsEditor({
  value,
  onChange,
  error,
}: {
  value: readonly ShopStopDraft[];
  onChange: (next: ShopStopDraft[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const set = (i: number, patch: Partial<ShopStopDraft>) =>
    onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <fieldset
      className="rounded-lg border border-stone-200 px-3 py-2 dark:border-stone-700"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      data-testid="shop-stops-editor"
    >
      <legend className="px-1 text-sm font-medium">{t('shopStops.editor.legend')}</legend>
      <p id={`${id}-hint`} className="text-xs text-stone-600 dark:text-stone-400">
        {t('shopStops.editor.hint')}
      </p>
      {value.length === 0 && (
        <p className="mt-2 text-xs font-medium text-stone-700 dark:text-stone-300">{t('shopStops.editor.none')}</p>
      )}
      <ol className="mt-2 space-y-3">
        {value.map((s, i) => (
          <li
            key={i}
            className="space-y-2 border-t border-stone-100 pt-2 first:border-t-0 first:pt-0 dark:border-stone-800"
            aria-label={t('shopStops.editor.stop', { n: i + 1 })}
          >
            <div className="grid grid-cols-[1fr_6rem_auto] items-end gap-2">
              <label className="min-w-0 text-xs font-medium">
                {t('shopStops.editor.name')}
                <input
                  className={field}
                  maxLength={80}
                  value={s.name}
                  onChange={(e) => set(i, { name: e.target.value })}
                />
              </label>
              <label className="text-xs font-medium">
                {t('shopStops.editor.minutes')}
                <input
                  className={field}
                  type="number"
                  inputMode="numeric"
                  min={5}
                  max={240}
                  step={5}
                  value={s.minutes}
                  onChange={(e) => set(i, { minutes: e.target.value })}
                />
              </label>
              <Button
                variant="ghost"
                size="icon"
                className="h-10 w-10"
                aria-label={t('shopStops.editor.remove', { n: i + 1 })}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </div>
            <label className="flex items-start gap-2 text-xs">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0 accent-primary-600"
                checked={s.paidByShop}
                onChange={(e) => set(i, { paidByShop: e.target.checked })}
              />
              {t('shopStops.editor.paidByShop')}
            </label>
          </li>
        ))}
      </ol>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-danger-600 dark:text-danger-400">
          {error}
        </p>
      )}
      {value.length < MAX_SHOP_STOPS && (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() => onChange([...value, { name: '', minutes: '30', paidByShop: false }])}
        >
          <Plus className="h-4 w-4" aria-hidden />
          {t('shopStops.editor.add')}
        </Button>
      )}
    </fieldset>
  );
}

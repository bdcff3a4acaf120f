import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SHOP_STOPS, type ShopStop } from '../../../../shared/schemas/offers';
import { Button } from '../../../components/ui/button';

/** A stop as the guide types it: minutes stay text until the offer is sent. */
export interface ShopStopDraft {
  name: string;
  minutes: string;
  paidByShop: boolean;
}

export const toShopStops = (drafts: readonly ShopStopDraft[]): ShopStop[] => drafts.map((d) => ({ name: d.name, minutes: Number(d.minutes), paidByShop: d.paidByShop }));

const field = 'mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm dark:border-stone-700 dark:bg-stone-900';

/**
 * The offer's shop stops (decision 135): each with its name, minutes and whether the shop pays the
 * guide. None is a statement too, said to the guide in the words the traveler will read.
 */
export function ShopStopsEditor({ value, onChange, error }: { value: readonly ShopStopDraft[]; onChange: (next: ShopStopDraft[]) => void; error?: string }) {
  const { t } = useTranslation('messaging');
  const id = useId();
  const set = (i: number, patch: Partial<ShopStopDraft>) => onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <fieldset className="rounded-lg border border-stone-200 px-3 py-2 dark:border-stone-700" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} data-testid="shop-stops-editor">
      <legend className="px-1 text-sm font-medium">{t('offer.shopStops.legend')}</legend>
      <p id={`${id}-hint`} className="text-xs text-stone-600 dark:text-stone-400">
        {t('offer.shopStops.hint')}
      </p>
      {value.length === 0 && <p className="mt-2 text-xs font-medium text-stone-700 dark:text-stone-300">{t('offer.shopStops.none')}</p>}
      <ol className="mt-2 space-y-3">
        {value.map((s, i) => (
          <li key={i} className="space-y-2 border-t border-stone-100 pt-2 first:border-t-0 first:pt-0 dark:border-stone-800" aria-label={t('offer.shopStops.stop', { n: i + 1 })}>
            <div className="grid grid-cols-[1fr_6rem_auto] items-end gap-2">
              <label className="min-w-0 text-xs font-medium">
                {t('offer.shopStops.name')}
                <input className={field} maxLength={80} value={s.name} onChange={(e) => set(i, { name: e.target.value })} />
              </label>
              <label className="text-xs font-medium">
                {t('offer.shopStops.minutes')}
                <input className={field} type="number" inputMode="numeric" min={5} max={240} step={5} value={s.minutes} onChange={(e) => set(i, { minutes: e.target.value })} />
              </label>
              <Button variant="ghost" size="icon" className="h-10 w-10" aria-label={t('offer.shopStops.remove', { n: i + 1 })} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </div>
            <label className="flex items-start gap-2 text-xs">
              <input type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 accent-primary-600" checked={s.paidByShop} onChange={(e) => set(i, { paidByShop: e.target.checked })} />
              {t('offer.shopStops.paidByShop')}
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
        <Button variant="outline" size="sm" className="mt-2" onClick={() => onChange([...value, { name: '', minutes: '30', paidByShop: false }])}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('offer.shopStops.add')}
        </Button>
      )}
    </fieldset>
  );
}

import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../../../shared/currency';
import { Empty } from './feedback';
import { useFormat } from './use-format';

/** Ledger entries as a table: account, kind, signed amount. */
/**
 * Ledger entries, each amount in its own currency when the entry names one (decision 167), else in
 * yuan; the total in `totalCurrency` (a payout's entries are all in its currency).
 */
export function LedgerTable({
  entries,
  total,
  totalCurrency = 'CNY',
  caption,
}: {
  entries: {
    id?: number;
    account: string;
    kind: string;
    amountCents: number;
    currency?: Currency;
    createdAt?: string;
  }[];
  total?: number;
  totalCurrency?: Currency;
  caption: string;
}) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  if (!entries.length) return <Empty>{t('ledger.empty')}</Empty>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-stone-600 dark:text-stone-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('ledger.account')}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('ledger.kind')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('ledger.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={e.id ?? i} className="border-t border-stone-100 dark:border-stone-800">
              <td className="py-1 pr-3">{t(`ledger.accounts.${e.account}`, { defaultValue: e.account })}</td>
              <td className="py-1 pr-3">
                {t(`ledger.kinds.${e.kind}`, { defaultValue: e.kind.replaceAll('_', ' ') })}
              </td>
              <td className="py-1 text-right tabular-nums">{f.money(e.amountCents, e.currency ?? 'CNY')}</td>
            </tr>
          ))}
        </tbody>
        {total !== undefined && (
          <tfoot>
            <tr className="border-t border-stone-300 font-medium dark:border-stone-600">
              <td colSpan={2} className="py-1">
                {t('ledger.total')}
              </td>
              <td className="py-1 text-right tabular-nums">{f.money(total, totalCurrency)}</td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

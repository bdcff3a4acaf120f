import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Locale } from '../../../../shared/locales';
import type { CommerceDisclosure as Facts } from '../../../../shared/schemas/legal';
import { BINDING, CASE_LABELS, disclosureRows, FICTITIOUS, TABLE_HEAD, TITLE, type Tri } from '../disclosure-text';

const LANG = { ja: 'ja', zh: 'zh-CN', en: 'en' } as const;

/** The reader's reading first, then the other: beside the Japanese, never instead of it. */
const readings = (locale: Locale) => (locale === 'zh-CN' ? (['zh', 'en'] as const) : (['en', 'zh'] as const));

/**
 * The commerce disclosure (特定商取引法に基づく表記, decision 121): each particular in Japanese with
 * its Chinese and English readings, the cancellation table as the server's rates make it, and a
 * warning when the particulars are the development stand-ins.
 */
export function CommerceDisclosure({ facts, locale }: { facts: Facts; locale: Locale }) {
  const [first, second] = readings(locale);
  const small = (tri: Tri, className = 'text-sm text-stone-600 dark:text-stone-400'): ReactNode => (
    <>
      <span lang={LANG[first]} className={`block ${className}`}>
        {tri[first]}
      </span>
      <span lang={LANG[second]} className={`block ${className}`}>
        {tri[second]}
      </span>
    </>
  );
  return (
    <article className="min-w-0" lang="ja" data-testid="commerce-disclosure">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl dark:text-white">{TITLE.ja}</h1>
      <p className="mt-2">{small({ ...TITLE, ja: '' }, 'text-base text-stone-600 dark:text-stone-300')}</p>
      <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">
        {BINDING.ja}
        {small(BINDING, 'text-xs text-stone-500 dark:text-stone-400')}
      </p>
      {facts.operator.fake && (
        <div
          role="note"
          className="mt-6 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="fictitious-operator"
        >
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <p className="min-w-0">
            <span className="block font-semibold">{FICTITIOUS.ja}</span>
            {small(FICTITIOUS, 'text-sm')}
          </p>
        </div>
      )}
      <dl className="mt-8 divide-y divide-stone-200 border-y border-stone-200 dark:divide-stone-800 dark:border-stone-800">
        {disclosureRows(facts).map((row) => (
          <div key={row.id} id={row.id} className="grid gap-2 py-4 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-6">
            <dt>
              <span className="block font-semibold text-stone-900 dark:text-white">{row.label.ja}</span>
              {small(row.label, 'text-xs text-stone-500 dark:text-stone-400')}
            </dt>
            <dd className="min-w-0 space-y-2 break-words text-stone-800 dark:text-stone-200">
              {row.plain !== undefined &&
                (row.email ? (
                  <a
                    href={`mailto:${row.plain}`}
                    className="font-medium text-primary-700 underline underline-offset-2 dark:text-primary-300"
                  >
                    {row.plain}
                  </a>
                ) : (
                  <span className="block">{row.plain}</span>
                ))}
              {row.text && (
                <>
                  <span className="block">{row.text.ja}</span>
                  {small(row.text)}
                </>
              )}
              {row.cancellation && <CancellationTable facts={facts} first={first} />}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

function CancellationTable({ facts, first }: { facts: Facts; first: 'zh' | 'en' }) {
  const head = (tri: Tri, align = '') => (
    <th scope="col" className={`px-2 py-2 align-bottom font-semibold ${align}`}>
      <span className="block">{tri.ja}</span>
      <span lang={LANG[first]} className="block text-xs font-normal text-stone-500 dark:text-stone-400">
        {tri[first]}
      </span>
    </th>
  );
  return (
    <div className="overflow-x-auto">
      <table className="mt-2 w-full text-left text-sm" data-testid="cancellation-table">
        <caption className="sr-only">{TABLE_HEAD.caption.ja}</caption>
        <thead className="border-b border-stone-300 dark:border-stone-700">
          <tr>
            {head(TABLE_HEAD.when)}
            {head(TABLE_HEAD.refund, 'text-right')}
            {head(TABLE_HEAD.fee, 'text-right')}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 dark:divide-stone-800">
          {facts.cancellation.map((c) => (
            <tr key={c.case}>
              <th scope="row" className="px-2 py-2 font-normal">
                <span className="block">{CASE_LABELS[c.case].ja}</span>
                <span lang={LANG[first]} className="block text-xs text-stone-500 dark:text-stone-400">
                  {CASE_LABELS[c.case][first]}
                </span>
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{`${c.refundPercent}%`}</td>
              <td className="px-2 py-2 text-right tabular-nums">{`${c.feePercentOfTotal}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

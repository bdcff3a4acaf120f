import { useMutation, useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Statement } from '../../../shared/schemas/statements';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { apiFile, apiRequest, ApiError } from '../../lib/api-client';
import { currentLocale } from '../../lib/i18n';
import { dateTimeFormat } from '../../lib/intl';
import { showToast } from '../../lib/toast';
import { money } from './api';
import { EarningLines } from './earning-lines';

const STATEMENTS_KEY = ['wallet', 'statements'] as const;

function useStatements() {
  return useQuery({
    queryKey: STATEMENTS_KEY,
    queryFn: async () => (await apiRequest<{ statements: Statement[] }>('/api/v2/wallet/statements')).statements,
  });
}

/**
 * Fetches a month's PDF (it needs the bearer token, so it cannot be a plain link) and saves it as a
 * file, in the reader's language.
 */
async function downloadPdf(month: string): Promise<void> {
  const url = URL.createObjectURL(
    await apiFile(`/api/v2/wallet/statements/${month}/pdf`, { query: { lang: currentLocale() } }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = `Tabi-Guides-statement-${month}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "October 2026" / "2026年10月" for `yyyy-mm`. */
function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const locale = currentLocale();
  return dateTimeFormat(locale === 'en' ? 'en-US' : locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

function Row({
  label,
  cents,
  currency,
  strong,
  testId,
}: {
  label: string;
  cents: number;
  currency: Statement['currency'];
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-sm text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className={strong ? 'text-sm font-semibold tabular-nums' : 'text-sm tabular-nums'} data-testid={testId}>
        {money(cents, currency)}
      </dd>
    </div>
  );
}

/** One currency's figures of a month; `suffix` tells the test ids of a month in both currencies apart. */
function Figures({ statement: s, suffix }: { statement: Statement; suffix: string }) {
  const { t } = useTranslation('statements');
  const c = s.currency;
  return (
    <>
      {/* Two lists side by side: a <dl>'s children are only its <div> groups of <dt> and <dd> (axe). */}
      <div className="mt-2 grid grid-cols-1 gap-x-6 sm:grid-cols-2">
        <dl>
          <Row label={t('opening')} cents={s.openingBalanceCents} currency={c} />
          <Row label={t('earnings')} cents={s.earningsCents} currency={c} />
          <Row label={t('payouts')} cents={s.payoutsCents} currency={c} />
          <Row
            label={t('closing')}
            cents={s.closingBalanceCents}
            currency={c}
            strong
            testId={`closing-${s.month}${suffix}`}
          />
        </dl>
        <dl>
          <Row label={t('commission')} cents={s.commission.totalCents} currency={c} />
          <Row
            label={t('tax', { rate: s.commission.taxRatePercent })}
            cents={s.commission.taxCents}
            currency={c}
            testId={`tax-${s.month}${suffix}`}
          />
          {/* What she earned in all: the wallet's part above and the cash she collected, named (decision 196). */}
          <Row
            label={t('lines.inPerson')}
            cents={s.inPersonCents}
            currency={c}
            testId={`in-person-${s.month}${suffix}`}
          />
          <Row
            label={t('lines.earned')}
            cents={s.earnedCents}
            currency={c}
            strong
            testId={`earned-${s.month}${suffix}`}
          />
        </dl>
      </div>
      <EarningLines statement={s} suffix={suffix} />
    </>
  );
}

/**
 * A month: its figures (in the guide's currency; a month in both currencies, after a change of
 * currency, shows each apart, decision 167) and its one PDF with the invoice.
 */
function MonthCard({ statements }: { statements: Statement[] }) {
  const { t } = useTranslation('statements');
  const s = statements[0]!;
  const pdf = useMutation({ mutationFn: () => downloadPdf(s.month) });
  const name = monthName(s.month);
  const several = statements.length > 1;
  const save = () =>
    pdf.mutate(undefined, {
      onError: () => showToast({ title: t('pdfFailed'), variant: 'destructive' }),
    });
  return (
    <li className="rounded-lg border border-stone-200 p-3 dark:border-stone-700" data-testid={`statement-${s.month}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">
          {name}
          {!s.closed && (
            <span className="ml-2 rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-700 dark:bg-primary-900/40 dark:text-primary-200">
              {t('inProgress')}
            </span>
          )}
        </h4>
        {s.closed && (
          <Button
            variant="outline"
            size="sm"
            busy={pdf.isPending}
            onClick={save}
            aria-label={t('pdfLabel', { month: name })}
          >
            <FileDown className="h-4 w-4" aria-hidden />
            {t('pdf')}
          </Button>
        )}
      </div>
      {several ? (
        statements.map((one) => (
          <section key={one.currency} className="mt-2" aria-label={t(`inCurrency.${one.currency}`)}>
            <h5 className="text-xs font-semibold text-stone-600 dark:text-stone-400">
              {t(`inCurrency.${one.currency}`)}
            </h5>
            <Figures statement={one} suffix={`-${one.currency}`} />
          </section>
        ))
      ) : (
        <Figures statement={s} suffix="" />
      )}
      {!s.closed && <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">{t('inProgressNote')}</p>}
    </li>
  );
}

/** The server's statements (newest month first, one per currency) grouped by month, in order. */
function byMonth(statements: Statement[]): Statement[][] {
  const months: Statement[][] = [];
  for (const s of statements) {
    const last = months.at(-1);
    if (last?.[0]?.month === s.month) last.push(s);
    else months.push([s]);
  }
  return months;
}

/** The guide's monthly statements (decision 127): the figures of each month and its PDF with the invoice. */
export function MonthlyStatements() {
  const { t } = useTranslation('statements');
  const statements = useStatements();
  return (
    <section aria-labelledby="statements-title" className="mt-6">
      <h3 id="statements-title" className="text-sm font-semibold">
        {t('title')}
      </h3>
      <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{t('subtitle')}</p>
      {statements.isPending ? (
        <Spinner />
      ) : statements.isError ? (
        <div role="alert" className="mt-3 text-sm">
          <p>
            {statements.error instanceof ApiError && statements.error.status === 403
              ? t('guidesOnly')
              : t('loadFailed')}
          </p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void statements.refetch()}>
            {t('common:states.retry')}
          </Button>
        </div>
      ) : statements.data.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{t('empty')}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {byMonth(statements.data).map((month) => (
            <MonthCard key={month[0]!.month} statements={month} />
          ))}
        </ul>
      )}
    </section>
  );
}

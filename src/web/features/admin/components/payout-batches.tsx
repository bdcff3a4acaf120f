import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { todayInZone } from '../../../../shared/availability';
import type { Locale } from '../../../../shared/locales';
import { formatMoney } from '../../../../shared/money-format';
import {
  PAYOUT_BATCH_KINDS,
  type PayoutBatch,
  type PayoutBatchKind,
  type PayoutBatchSummary,
  type PayoutLine,
} from '../../../../shared/schemas/payouts';
import { JPY_PER_CNY_PATTERN } from '../../../../shared/schemas/payouts';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form';
import { formatInstant, moneyFormat } from '../../../lib/format';
import { usePrivateFileUrl } from '../../identity';
import { useAdminAction } from '../api/actions';
import { usePayoutBatch, usePayoutBatches } from '../api/payouts';
import { AuditTrail } from './audit-trail';
import { ConfirmAction } from './ui/confirm-action';
import { DetailCard, Facts, Section } from './ui/detail';
import { Empty, ErrorNote, LoadError, Loading, QueryFallback } from './ui/feedback';
import { QueueItem, QueueLayout, StatusBadge } from './ui/queue';
import { useFormat } from './ui/use-format';

/** Yen in the reader's money format (decision 117): `¥18,000 (JPY)` / `18,000 日元` / `18,000円`; none is a dash. */
const yen = (n: number | null, locale: Locale) => (n === null ? '—' : moneyFormat(locale).yen(n));
/** A batch's totals, each in its currency (decision 167): `123.45 RMB · ¥48,000 (JPY)`; none is a dash. */
const totalsText = (totals: PayoutBatchSummary['totals'], locale: Locale) =>
  totals.length ? totals.map((x) => formatMoney(x.amountCents, x.currency, locale)).join(' · ') : '—';
/** A transfer day (yyyy-mm-dd, Japan) as the reader writes dates. */
const transferDay = (day: string | null, locale: Locale) =>
  day ? formatInstant(`${day}T12:00:00+09:00`, locale, 'Asia/Tokyo').date : '—';

/** A bank batch the weekly run formed, without its day: for a rate (yuan pending) or the day alone (decision 196). */
const awaiting = (b: PayoutBatchSummary) => b.status === 'awaiting_rate' || b.status === 'awaiting_day';

/**
 * Payout batches (decisions 128, 130): make one from the approved payouts, enter the rate of a bank
 * batch the weekly run formed, download a bank batch's Zengin file, settle its lines.
 */
export function PayoutBatches({ id }: { id: number | undefined }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const list = usePayoutBatches();
  return (
    <QueueLayout
      selected={!!id}
      backTo="/admin/payouts"
      filters={<NewBatch />}
      list={
        list.isPending || list.isError ? (
          <QueryFallback query={list} />
        ) : list.data.length === 0 ? (
          <Empty>{t('payouts.empty')}</Empty>
        ) : (
          <ul aria-label={t('sections.payouts')}>
            {list.data.map((b) => (
              <QueueItem
                key={b.id}
                to={`/admin/payouts/${b.id}`}
                active={b.id === id}
                title={`#${b.id} · ${t(`payouts.kinds.${b.kind}`)} · ${totalsText(b.totals, f.locale)}`}
                meta={`${t('payouts.lineCount', { count: b.lineCount })} · ${b.transferDate ? transferDay(b.transferDate, f.locale) : f.when(b.createdAt)}`}
                status={b.status}
              />
            ))}
          </ul>
        )
      }
      detail={id ? <BatchDetail id={id} /> : <Empty>{t('selectItem')}</Empty>}
    />
  );
}

function NewBatch() {
  const { t } = useTranslation('admin');
  const act = useAdminAction();
  const [kind, setKind] = useState<PayoutBatchKind>('bank');
  const [rate, setRate] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The rate may be left empty: payouts in yen need none, and the server asks for it (rate_required)
    // when a payout in yuan is waiting (decision 169).
    const typed = kind === 'bank' ? rate.trim() : '';
    if (typed && !JPY_PER_CNY_PATTERN.test(typed)) return setInvalid(true);
    act.mutate({ kind: 'payoutBatch', step: 'create', body: typed ? { kind, jpyPerCny: typed } : { kind } });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-[var(--radius-card)] border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900"
      aria-label={t('payouts.new')}
    >
      <SelectField label={t('payouts.kind')} value={kind} onChange={(e) => setKind(e.target.value as PayoutBatchKind)}>
        {PAYOUT_BATCH_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`payouts.kinds.${k}`)}
          </option>
        ))}
      </SelectField>
      {kind === 'bank' && (
        <RateField value={rate} invalid={invalid} onChange={(v) => (setRate(v), setInvalid(false))} />
      )}
      <ErrorNote error={act.error} />
      <Button type="submit" size="sm" busy={act.isPending}>
        {t('payouts.create')}
      </Button>
    </form>
  );
}

function BatchDetail({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const batch = usePayoutBatch(id);
  if (batch.isPending) return <Loading />;
  if (batch.isError) return <LoadError error={batch.error} onRetry={() => void batch.refetch()} />;
  const b = batch.data;
  return (
    <DetailCard
      title={t('payouts.title', { id: b.id, kind: t(`payouts.kinds.${b.kind}`) })}
      actions={b.kind === 'bank' && b.transferDate !== null ? <ZenginLink batch={b} /> : undefined}
    >
      {awaiting(b) && <SetRate batch={b} />}
      <Facts
        items={[
          [t('fields.status'), <StatusBadge key="s" status={b.status} />],
          [t('payouts.total'), totalsText(b.totals, f.locale)],
          ...(b.kind === 'bank'
            ? ([
                [t('payouts.totalYen'), yen(b.totalYen, f.locale)],
                [t('payouts.rate'), b.jpyPerCny ?? '—'],
                [t('payouts.transferDate'), transferDay(b.transferDate, f.locale)],
              ] as [string, string][])
            : []),
          [t('payouts.lines'), `${b.lineCount} · ${t('payouts.pending', { count: b.pendingCount })}`],
          [t('payouts.created'), f.when(b.createdAt)],
          ...(b.formedForWeek
            ? ([[t('payouts.formed'), t('payouts.formedWeekly', { date: transferDay(b.formedForWeek, f.locale) })]] as [
                string,
                string,
              ][])
            : []),
        ]}
      />
      <Section title={t('payouts.lines')}>
        <ul className="divide-y divide-stone-100 dark:divide-stone-800">
          {b.lines.map((line) => (
            <Line key={line.id} batch={b} line={line} />
          ))}
        </ul>
      </Section>
      <AuditTrail entityType="payout_batch" entityId={b.id} />
    </DetailCard>
  );
}

/**
 * The rate and transfer day of a bank batch the weekly run formed (decision 130): its yen, transfer
 * day and file follow. A batch whose waiting payouts are all in yen takes its day without a rate
 * (decision 169).
 */
function SetRate({ batch }: { batch: PayoutBatch }) {
  const { t } = useTranslation('admin');
  const act = useAdminAction();
  const [rate, setRate] = useState('');
  const [invalid, setInvalid] = useState(false);
  // The server says whether a yuan payout is pending (awaiting_rate) or only yen, which need no rate.
  const yenOnly = batch.status === 'awaiting_day';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (yenOnly) return act.mutate({ kind: 'payoutBatch', id: batch.id, step: 'rate' });
    if (!JPY_PER_CNY_PATTERN.test(rate.trim())) return setInvalid(true);
    act.mutate({ kind: 'payoutBatch', id: batch.id, step: 'rate', jpyPerCny: rate.trim() });
  };
  const label = t(yenOnly ? 'payouts.setDay' : 'payouts.setRate');
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={label}
      className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <p className="text-sm">{t(yenOnly ? 'payouts.awaitingDay' : 'payouts.awaitingRate')}</p>
      {!yenOnly && <RateField value={rate} invalid={invalid} onChange={(v) => (setRate(v), setInvalid(false))} />}
      <ErrorNote error={act.error} />
      <Button type="submit" size="sm" busy={act.isPending}>
        {label}
      </Button>
    </form>
  );
}

/** The yen per RMB the admin enters, as typed (decision 129): on a new bank batch or one awaiting its rate. */
function RateField({
  value,
  invalid,
  onChange,
}: {
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <TextField
      label={t('payouts.rate')}
      hint={t('payouts.rateHint')}
      inputMode="decimal"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={invalid ? t('payouts.rateInvalid') : null}
      maxLength={12}
    />
  );
}

function ZenginLink({ batch }: { batch: PayoutBatch }) {
  const { t } = useTranslation('admin');
  const file = usePrivateFileUrl(`/api/admin/payout-batches/${batch.id}/zengin`);
  if (file.failed) return <p className="text-sm text-danger-600 dark:text-red-400">{t('payouts.fileFailed')}</p>;
  if (!file.src) return null;
  return (
    <a
      href={file.src}
      download={`zengin-${batch.id}-${batch.transferDate ?? ''}.txt`}
      className="inline-flex items-center gap-1.5 rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-50 dark:border-stone-700 dark:hover:bg-stone-800"
    >
      <Download className="h-4 w-4" aria-hidden />
      {t('payouts.zengin')}
    </a>
  );
}

function Line({ batch, line }: { batch: PayoutBatch; line: PayoutLine }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const act = useAdminAction();
  const amount = f.money(line.amountCents, line.currency);
  // Money is not at the bank before its transfer day (Japan's calendar, decision 129): marking a line paid
  // then is most likely a slip, so the confirmation names the day.
  const early = !!batch.transferDate && todayInZone('Asia/Tokyo') < batch.transferDate;
  return (
    <li className="space-y-2 py-3" data-testid={`payout-line-${line.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="font-medium">
            {amount}
            {/* A yuan line's yen beside it; a yen line is sent as it is (decision 167). */}
            {line.currency === 'CNY' && line.amountYen !== null && (
              <span className="text-stone-600 dark:text-stone-400">{f.note(yen(line.amountYen, f.locale))}</span>
            )}{' '}
            · @{line.username}
          </p>
          <p className="break-words text-stone-600 dark:text-stone-400">
            {line.bankCode
              ? `${line.bankCode} ${line.bankName ?? ''} · ${line.branchCode} ${line.branchName ?? ''} · ${line.accountNumber} · ${line.accountHolderKana ?? ''}`
              : `${line.accountName} · ${line.accountNumber}`}
          </p>
          {line.failureReason && <p className="text-danger-600 dark:text-red-400">{line.failureReason}</p>}
        </div>
        <StatusBadge status={line.status} />
      </div>
      {line.status === 'pending' && (
        <div className="flex flex-wrap gap-2">
          {/* Awaiting its rate, nothing in the batch has been converted, so nothing can be paid yet (decision 130). */}
          {!awaiting(batch) && (
            <ConfirmAction
              label={t('payouts.paid')}
              title={t('payouts.paidTitle', { amount })}
              description={
                early
                  ? t('payouts.paidEarly', { date: transferDay(batch.transferDate, f.locale) })
                  : t('payouts.paidBody')
              }
              onConfirm={() => act.mutateAsync({ kind: 'payoutLine', id: batch.id, lineId: line.id, step: 'paid' })}
            />
          )}
          <ConfirmAction
            danger
            label={t('payouts.failed')}
            title={t('payouts.failedTitle', { amount })}
            description={t('payouts.failedBody')}
            reasonLabel={t('reasonShown')}
            onConfirm={(reason) =>
              act.mutateAsync({ kind: 'payoutLine', id: batch.id, lineId: line.id, step: 'failed', reason })
            }
          />
        </div>
      )}
    </li>
  );
}

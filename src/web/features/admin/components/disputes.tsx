import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detectTextLanguage } from '../../../../shared/guide-texts';
import type { Dispute } from '../../../../shared/schemas/disputes';
import type { Currency } from '../../../../shared/currency';
import { LEDGER_ACCOUNTS, ledgerBalance, type LedgerAccount } from '../../../../shared/booking/ledger';
import { MachineTranslated } from '../../../components/ui/machine-translated';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form';
import { cn } from '../../../lib/cn';
import { Sheet } from '../../../components/ui/sheet';
import { useAdminAction } from '../api/actions';
import { useDisputeDetail, useDisputes } from '../api/disputes';
import { refundSplit } from '../lib';
import { RefundSplitInput } from './refund-split';
import { AuditTrail } from './audit-trail';
import { DetailCard, Facts, Section } from './ui/detail';
import { Empty, ErrorNote, QueryFallback } from './ui/feedback';
import { LedgerTable } from './ui/ledger-table';
import { PrivateFile } from './ui/private-file';
import { Pager, QueueItem, QueueLayout, StatusFilter } from './ui/queue';
import { useFormat } from './ui/use-format';
import { useQueueParams } from './use-queue-params';

const PAGE = 20;
const SIDES = ['traveler', 'guide'] as const;

/** Open disputes (the API lists open ones, oldest first); filtered by the side that opened them, paged here. */
export function DisputesQueue({ id }: { id: number | undefined }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const q = useQueueParams();
  const list = useDisputes();
  const rows = (list.data ?? []).filter((d) => !q.status || d.openedSide === q.status);
  const shown = rows.slice((q.page - 1) * PAGE, q.page * PAGE);
  return (
    <QueueLayout
      selected={!!id}
      backTo={`/admin/disputes${q.search}`}
      filters={
        <StatusFilter
          value={q.status}
          options={SIDES}
          onChange={q.setStatus}
          allLabel={t('filter.all')}
          label={t('disputes.openedBy')}
        />
      }
      list={
        list.isPending || list.isError ? (
          <QueryFallback query={list} />
        ) : shown.length === 0 ? (
          <Empty>{t('disputes.empty')}</Empty>
        ) : (
          <>
            <ul aria-label={t('sections.disputes')}>
              {shown.map((d) => (
                <QueueItem
                  key={d.id}
                  to={`/admin/disputes/${d.id}${q.search}`}
                  active={d.id === id}
                  title={t('disputes.item', { id: d.id, booking: d.bookingId })}
                  meta={`${t(`status.${d.openedSide}`)} · ${f.when(d.createdAt)}`}
                  status={d.status}
                />
              ))}
            </ul>
            <Pager page={q.page} total={rows.length} limit={PAGE} onPage={q.setPage} />
          </>
        )
      }
      detail={id ? <DisputeDetailView id={id} /> : <Empty>{t('selectItem')}</Empty>}
    />
  );
}

const isLedgerAccount = (a: string): a is LedgerAccount => (LEDGER_ACCOUNTS as readonly string[]).includes(a);

/**
 * What the traveler paid online and has not had back, in the booking's currency: minus the traveler's
 * ledger balance in it, the exchange's side standing for a payment made in the other (ledgerBalance, decision 164).
 */
export const refundableOf = (
  entries: { account: string; amountCents: number; currency?: Currency }[],
  currency: Currency,
) =>
  Math.max(
    0,
    -ledgerBalance(
      entries.filter((e): e is typeof e & { account: LedgerAccount } => isLedgerAccount(e.account)),
      currency,
    ).traveler,
  );

function DisputeDetailView({ id }: { id: number }) {
  const { t } = useTranslation(['admin', 'disputes']);
  const f = useFormat();
  const detail = useDisputeDetail(id);
  if (detail.isPending || detail.isError) return <QueryFallback query={detail} />;
  const { dispute, ledger, messages } = detail.data;
  return (
    <DetailCard
      title={t('disputes.title', { id: dispute.id })}
      actions={
        dispute.status === 'open' ? (
          <ResolveDispute
            dispute={dispute}
            currency={detail.data.currency}
            refundableCents={refundableOf(ledger.entries, detail.data.currency)}
          />
        ) : undefined
      }
    >
      <Facts
        items={[
          [t('fields.status'), t(`status.${dispute.status}`)],
          [
            t('disputes.booking'),
            <Link
              key="b"
              className="font-medium text-primary-700 hover:underline dark:text-primary-300"
              to={`/admin/bookings/${dispute.bookingId}`}
            >{`#${dispute.bookingId} · ${t(`bookingStatus.${dispute.bookingStatus}`, { defaultValue: dispute.bookingStatus })}`}</Link>,
          ],
          [t('disputes.openedBy'), t(`status.${dispute.openedSide}`)],
          [t('disputes.category'), t(`disputes:category.${dispute.category}`)],
          [
            t('disputes.previousStatus'),
            t(`bookingStatus.${dispute.previousStatus}`, { defaultValue: dispute.previousStatus }),
          ],
          [t('fields.opened'), f.when(dispute.createdAt)],
          ...(dispute.resolution
            ? ([
                [t('disputes.resolution'), t(`disputes.resolutions.${dispute.resolution}`)],
                [t('refund.toTraveler'), f.money(dispute.refundCents ?? 0, detail.data.currency)],
                [t('disputes.note'), dispute.resolutionNote],
              ] as [string, string | null][])
            : []),
        ]}
      />
      <Section title={t('disputes.statement', { side: t(`status.${dispute.openedSide}`) })}>
        {/*
         * In the admin's language when translated (decision 146); the statement as written is what counts, a tap
         * away.
         */}
        <div className="whitespace-pre-wrap break-words rounded-lg bg-stone-50 p-3 text-sm dark:bg-stone-800/60">
          <MachineTranslated
            original={dispute.reason}
            originalLanguage={dispute.reasonLanguage ?? detectTextLanguage(dispute.reason)}
            translated={dispute.reasonTranslated}
            translation={dispute.reasonTranslation}
          />
        </div>
      </Section>
      <Section title={t('disputes.messages', { count: messages.length })}>
        {messages.length === 0 ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('disputes.noMessages')}</p>
        ) : (
          <ol className="max-h-96 space-y-2 overflow-y-auto pr-1">
            {messages.map((m) => (
              <li
                key={m.id}
                className={cn(
                  'max-w-[85%] rounded-lg p-3 text-sm',
                  m.side === 'guide'
                    ? 'ml-auto bg-primary-50 dark:bg-primary-900/40'
                    : 'bg-stone-100 dark:bg-stone-800',
                )}
              >
                <p className="text-xs text-stone-600 dark:text-stone-400">
                  {t(`status.${m.side}`)} · {f.when(m.createdAt)}
                </p>
                <div className="mt-1 whitespace-pre-wrap break-words">
                  <MachineTranslated
                    original={m.body}
                    originalLanguage={m.bodyLanguage ?? detectTextLanguage(m.body)}
                    translated={m.translated}
                    translation={m.translation}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title={t('disputes.evidence', { count: dispute.evidence.length })}>
        {dispute.evidence.length === 0 ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('disputes.noEvidence')}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {dispute.evidence.map((e) => (
              <li key={e.id}>
                <p className="mb-1 text-xs text-stone-600 dark:text-stone-400">
                  {t('disputes.uploadedBy', {
                    side: t(
                      `status.${e.uploadedBy === dispute.openedBy ? dispute.openedSide : dispute.openedSide === 'traveler' ? 'guide' : 'traveler'}`,
                    ),
                    at: f.when(e.createdAt),
                  })}
                </p>
                <PrivateFile url={e.url} contentType={e.contentType} name={e.fileName} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('ledger.booking')}>
        <LedgerTable
          entries={ledger.entries}
          total={ledger.total}
          totalCurrency={detail.data.currency}
          caption={t('ledger.booking')}
        />
      </Section>
      <AuditTrail entityType="dispute" entityId={dispute.id} />
    </DetailCard>
  );
}

function ResolveDispute({
  dispute,
  refundableCents,
  currency,
}: {
  dispute: Dispute;
  refundableCents: number;
  currency: Currency;
}) {
  const { t } = useTranslation('admin');
  const act = useAdminAction();
  const [open, setOpen] = useState(false);
  const [resolution, setResolution] = useState<'completed' | 'cancelled'>('completed');
  const [refund, setRefund] = useState('');
  const [note, setNote] = useState('');
  const split = refundSplit(refund, refundableCents, currency);
  const submit = () => {
    if (split.error || split.refundCents === null) return;
    act.mutate(
      {
        kind: 'dispute',
        id: dispute.id,
        step: 'resolve',
        body: { resolution, refundCents: split.refundCents, ...(note.trim() ? { note: note.trim() } : {}) },
      },
      { onSuccess: () => setOpen(false) },
    );
  };
  return (
    <>
      <Button size="sm" onClick={() => (act.reset(), setOpen(true))}>
        {t('disputes.resolve')}
      </Button>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        title={t('disputes.resolveTitle', { id: dispute.id })}
        description={t('disputes.resolveBody')}
        closeLabel={t('close')}
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t('disputes.resolution')}</legend>
            {(['completed', 'cancelled'] as const).map((r) => (
              <label key={r} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="resolution"
                  value={r}
                  checked={resolution === r}
                  onChange={() => setResolution(r)}
                  className="mt-1"
                />
                <span>
                  <span className="font-medium">{t(`disputes.resolutions.${r}`)}</span>
                  <span className="block text-xs text-stone-600 dark:text-stone-400">
                    {t(`disputes.resolutionHints.${r}`)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <RefundSplitInput value={refund} onChange={setRefund} refundableCents={refundableCents} currency={currency} />
          <div className="space-y-1.5">
            <label htmlFor={`note-${dispute.id}`} className="block text-sm font-medium">
              {t('disputes.noteLabel')}
            </label>
            <textarea
              id={`note-${dispute.id}`}
              value={note}
              maxLength={2000}
              rows={3}
              onChange={(e) => setNote(e.target.value)}
              className={inputClass}
            />
          </div>
          <ErrorNote error={act.error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" busy={act.isPending} disabled={!!split.error}>
              {t('disputes.confirmResolve')}
            </Button>
          </div>
        </form>
      </Sheet>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_STATUSES, type AdminWithdrawal } from '../../../../shared/schemas/wallet';
import { useAdminAction } from '../api/actions';
import { useWithdrawalLedger, useWithdrawals } from '../api/payouts';
import { AuditTrail } from './audit-trail';
import { ConfirmAction } from './ui/confirm-action';
import { DetailCard, Facts, Section } from './ui/detail';
import { Empty, LoadError, Loading, QueryFallback } from './ui/feedback';
import { LedgerTable } from './ui/ledger-table';
import { Pager, QueueItem, QueueLayout, StatusFilter } from './ui/queue';
import { useFormat } from './ui/use-format';
import { useQueueParams } from './use-queue-params';

const PAGE = 20;

/** Payout requests; the list opens on the requested ones (the work to do). */
export function WithdrawalsQueue({ id }: { id: number | undefined }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const q = useQueueParams('requested');
  const list = useWithdrawals(q.status || undefined);
  const rows = list.data ?? [];
  const shown = rows.slice((q.page - 1) * PAGE, q.page * PAGE);
  // No single-payout route: the open item comes from the unfiltered list, so it stays on screen as its status moves.
  const all = useWithdrawals(undefined);
  const selected = all.data?.find((w) => w.id === id);
  return (
    <QueueLayout
      selected={!!id}
      backTo={`/admin/withdrawals${q.search}`}
      filters={
        <StatusFilter
          value={q.status}
          options={WITHDRAWAL_STATUSES}
          onChange={q.setStatus}
          allLabel={t('filter.all')}
        />
      }
      list={
        list.isPending || list.isError ? (
          <QueryFallback query={list} />
        ) : shown.length === 0 ? (
          <Empty>{t('withdrawals.empty')}</Empty>
        ) : (
          <>
            <ul aria-label={t('sections.withdrawals')}>
              {shown.map((w) => (
                <QueueItem
                  key={w.id}
                  to={`/admin/withdrawals/${w.id}${q.search}`}
                  active={w.id === id}
                  title={`${f.money(w.amountCents, w.currency)} · @${w.username}`}
                  meta={`#${w.id} · ${f.when(w.createdAt)}`}
                  status={w.status}
                />
              ))}
            </ul>
            <Pager page={q.page} total={rows.length} limit={PAGE} onPage={q.setPage} />
          </>
        )
      }
      detail={
        id ? (
          selected ? (
            <WithdrawalDetail w={selected} />
          ) : all.isPending ? (
            <Loading />
          ) : all.isError ? (
            <LoadError error={all.error} onRetry={() => void all.refetch()} />
          ) : (
            <Empty>{t('withdrawals.notFound')}</Empty>
          )
        ) : (
          <Empty>{t('selectItem')}</Empty>
        )
      }
    />
  );
}

function WithdrawalDetail({ w }: { w: AdminWithdrawal }) {
  const { t } = useTranslation('admin');
  const f = useFormat();
  const act = useAdminAction();
  const ledger = useWithdrawalLedger(w.id);
  const amount = f.money(w.amountCents, w.currency);
  return (
    <DetailCard
      title={t('withdrawals.title', { id: w.id, amount })}
      actions={
        w.status === 'requested' || w.status === 'approved' ? (
          <>
            {w.status === 'requested' && (
              <ConfirmAction
                label={t('withdrawals.approve')}
                title={t('withdrawals.approveTitle', { amount })}
                description={t('withdrawals.approveBody')}
                onConfirm={() => act.mutateAsync({ kind: 'withdrawal', id: w.id, step: 'approve' })}
              />
            )}
            {w.status === 'approved' && (
              <ConfirmAction
                label={t('withdrawals.paid')}
                title={t('withdrawals.paidTitle', { amount })}
                description={t('withdrawals.paidBody')}
                onConfirm={() => act.mutateAsync({ kind: 'withdrawal', id: w.id, step: 'paid' })}
              />
            )}
            <ConfirmAction
              danger
              label={t('withdrawals.fail')}
              title={t('withdrawals.failTitle')}
              description={t('withdrawals.failBody')}
              reasonLabel={t('reasonShown')}
              onConfirm={(reason) => act.mutateAsync({ kind: 'withdrawal', id: w.id, step: 'fail', reason })}
            />
          </>
        ) : undefined
      }
    >
      <Facts
        items={[
          [t('fields.status'), t(`status.${w.status}`)],
          [t('withdrawals.amount'), amount],
          [t('fields.user'), `@${w.username}`],
          [t('withdrawals.method'), t(`withdrawals.methods.${w.method}`)],
          [t('withdrawals.accountName'), w.accountName],
          [
            t('withdrawals.accountNumber'),
            <span key="n" className="font-mono">
              {w.accountNumber}
            </span>,
          ],
          ...(w.bankName
            ? ([
                [
                  t('withdrawals.bank'),
                  w.bankCode ? `${w.bankCode} ${w.bankName} · ${w.branchCode} ${w.branchName ?? ''}` : w.bankName,
                ],
              ] as [string, string][])
            : []),
          ...(w.accountHolderKana ? ([[t('withdrawals.holderKana'), w.accountHolderKana]] as [string, string][]) : []),
          [t('fields.requested'), f.when(w.createdAt)],
          [t('fields.updated'), f.when(w.updatedAt)],
          ...(w.failureReason ? ([[t('withdrawals.failureReason'), w.failureReason]] as [string, string][]) : []),
        ]}
      />
      <Section title={t('ledger.payout')}>
        {ledger.isPending ? (
          <Loading />
        ) : ledger.isError ? (
          <LoadError error={ledger.error} onRetry={() => void ledger.refetch()} />
        ) : (
          <LedgerTable
            entries={ledger.data.entries}
            total={ledger.data.total}
            totalCurrency={w.currency}
            caption={t('ledger.payout')}
          />
        )}
      </Section>
      <AuditTrail entityType="withdrawal" entityId={w.id} />
    </DetailCard>
  );
}

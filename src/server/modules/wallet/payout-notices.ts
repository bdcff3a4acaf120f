import type { Currency } from '../../../shared/currency';
import type { Database } from '../../db/client';
import { notificationTexts, type CreateSystemMessage } from '../notifications/index';

/**
 * The notification centre's outbox as the wallet uses it (decision 085): a payout's notice is a job
 * written in the transaction of its status change and run after the commit (`soon`), or by the
 * runner's next tick after a crash; rolled back with the change, it is never sent.
 */
export interface NoticeOutbox {
  enqueue(db: Database, notices: CreateSystemMessage[]): Promise<number | undefined>;
  soon(job: number | undefined): void;
}

/**
 * The guide's notice of a payout paid or failed, however it was settled (one by one, or as a batch's
 * line): its dedupe key makes it one per payout and outcome.
 */
export function payoutNotice(
  p: { userId: number; withdrawalId: number; amountCents: number; currency: Currency },
  outcome: 'paid' | 'failed',
  reason: string | undefined,
): CreateSystemMessage {
  const failed = outcome === 'failed';
  return {
    userId: p.userId,
    type: 'payment',
    text: failed
      ? notificationTexts.payoutFailed(p.amountCents, p.currency, reason ?? '')
      : notificationTexts.payoutPaid(p.amountCents, p.currency),
    actionUrl: '/withdrawal',
    related: { type: 'withdrawal', id: p.withdrawalId },
    dedupeKey: `withdrawal:${p.withdrawalId}:${failed ? 'fail' : 'paid'}`,
    isErrorMessage: failed,
    showContactSupport: failed,
  };
}

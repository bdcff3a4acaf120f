import type { Currency } from '../../../shared/currency';
import { ledgerBalance, type Posting } from '../../../shared/booking/ledger';

/**
 * A booking's ledger as the admin reads it: each entry in its own currency, the total in the
 * booking's own, where a converted booking's exchange side stands for the traveler (`ledgerBalance`):
 * yen and fen are never added together (decision 164).
 */
export const ledgerView = (
  entries: (Pick<Posting, 'account' | 'kind' | 'amountCents'> & { currency: Currency })[],
  currency: Currency,
) => ({
  entries: entries.map((e) => ({ account: e.account, kind: e.kind, amountCents: e.amountCents, currency: e.currency })),
  total: ledgerBalance(entries, currency).total,
});

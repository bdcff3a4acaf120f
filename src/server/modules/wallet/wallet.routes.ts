import { z } from 'zod';
import { CURRENCIES } from '../../../shared/currency';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  adminWithdrawalListSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalReplySchema,
  createWithdrawalBodySchema,
  failWithdrawalBodySchema,
  latestPayoutRateSchema,
  PAYOUT_LEDGER_ACCOUNTS,
  PAYOUT_LEDGER_KINDS,
  walletSchema,
  withdrawalListSchema,
  withdrawalReplySchema,
  withdrawalSchema,
} from '../../../shared/schemas/wallet';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { WalletService } from './wallet.service';

const security = [{ bearerAuth: [] }];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const params = z.object({ id: idParam });

const payoutLedgerSchema = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      account: z.enum(PAYOUT_LEDGER_ACCOUNTS),
      userId: z.number().int().nullable(),
      kind: z.enum(PAYOUT_LEDGER_KINDS),
      /** In `currency`'s minor unit: the withdrawal's currency (decision 167). */
      amountCents: z.number().int(),
      currency: z.enum(CURRENCIES),
      /** On a conversion entry: the yen the amount became (decision 129). */
      amountYen: z.number().int().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** The entries' sum in the withdrawal's currency: 0. */
  total: z.number().int(),
});

/** The wallet and payouts (decision 067). */
export function walletRoutes(app: AppInstance, service: WalletService): void {
  balanceRoutes(app, service);
  withdrawalRoutes(app, service);
  adminWithdrawalRoutes(app, service);
}

/** The guide's wallet and the rate a yen payout would take. */
function balanceRoutes(app: AppInstance, service: WalletService): void {
  app.get(
    '/api/v2/wallet',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wallet'],
        summary:
          'The signed-in user’s wallet: asset balance, credit level and the guide’s earnings (total, withdrawable, pending), from the ledger',
        description:
          'A guide’s figures are in the currency they price in (`currency`); money they hold in the other, from when they priced in it, is in `otherBalances`, one entry per currency, never added to the first (decision 167). The credit level’s figures are yuan fen.',
        security,
        response: { 200: walletSchema, ...errors },
      },
    },
    async (request) => service.wallet(currentUser(request)),
  );

  app.get(
    '/api/v2/wallet/payout-rate',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'The latest yen rate a bank payout was converted at, with its transfer day (null before the first)',
        description:
          'An estimate for the withdrawal form: a bank payout’s own rate is the one an admin gives its weekly batch (decisions 129, 130), fen × rate ÷ 100 rounded down.',
        security,
        response: { 200: latestPayoutRateSchema, ...errors },
      },
    },
    async () => ({ rate: await service.latestRate() }),
  );
}

/** The guide's withdrawals: listed, asked for, read. */
function withdrawalRoutes(app: AppInstance, service: WalletService): void {
  app.get(
    '/api/v2/wallet/withdrawals',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'The signed-in user’s payout requests, newest first',
        security,
        response: { 200: withdrawalListSchema, ...errors },
      },
    },
    async (request) => ({ withdrawals: await service.list(currentUser(request)) }),
  );

  app.post(
    '/api/v2/wallet/withdrawals',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['wallet'],
        summary: 'A guide requests a payout to Alipay, WeChat or a bank account, at most the withdrawable balance',
        description:
          'The account is named in the body, or is that of one of the guide’s earlier withdrawals of the same method (`sameAccountAs`; another user’s is 404). The amount is in the minor unit of `currency` (the guide’s own when left out) and at most that currency’s withdrawable balance; a yen payout goes to a bank account only (400 otherwise).',
        security,
        body: createWithdrawalBodySchema,
        response: { 201: withdrawalReplySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.request(currentUser(request), request.body)),
  );

  app.get(
    '/api/v2/wallet/withdrawals/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'One of the signed-in user’s payout requests',
        security,
        params,
        response: { 200: withdrawalSchema, ...errors },
      },
    },
    async (request) => service.get(currentUser(request), request.params.id),
  );
}

/** The admin's withdrawals: listed, approved, paid, failed, and one's ledger. */
function adminWithdrawalRoutes(app: AppInstance, service: WalletService): void {
  app.get(
    '/api/admin/withdrawals',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: payout requests, newest first, optionally of one status',
        security,
        querystring: adminWithdrawalQuerySchema,
        response: { 200: adminWithdrawalListSchema, ...errors },
      },
    },
    async (request) => ({ withdrawals: await service.adminList(request.query.status) }),
  );

  const step = (path: string, name: 'approve' | 'paid', summary: string) =>
    app.post(
      path,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['admin'],
          summary,
          security,
          params,
          response: { 200: adminWithdrawalReplySchema, ...errors },
        },
      },
      async (request) => service.adminStep(currentUser(request), request.params.id, name),
    );
  step(
    '/api/admin/withdrawals/:id/approve',
    'approve',
    'Admin: approve a requested payout (the money moves from the hold to in transit)',
  );
  step('/api/admin/withdrawals/:id/paid', 'paid', 'Admin: mark an approved payout paid');

  app.post(
    '/api/admin/withdrawals/:id/fail',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Admin: fail a requested or approved payout with a reason; the money returns to the guide’s withdrawable balance',
        security,
        params,
        body: failWithdrawalBodySchema,
        response: { 200: adminWithdrawalReplySchema, ...errors },
      },
    },
    async (request) => service.adminStep(currentUser(request), request.params.id, 'fail', request.body.reason),
  );

  app.get(
    '/api/admin/withdrawals/:id/ledger',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: a payout’s entries in the payouts ledger (they sum to zero)',
        security,
        params,
        response: { 200: payoutLedgerSchema, ...errors },
      },
    },
    async (request) => ledgerView(await service.adminLedger(request.params.id)),
  );
}

/** A payout's ledger entries as the admin reads them, with their sum (zero when the books balance). */
function ledgerView(entries: Awaited<ReturnType<WalletService['adminLedger']>>) {
  return {
    entries: entries.map((e) => ({
      id: e.id,
      account: e.account,
      userId: e.userId,
      kind: e.kind,
      amountCents: e.amountCents,
      currency: e.currency,
      amountYen: e.amountYen,
      createdAt: e.createdAt.toISOString(),
    })),
    total: entries.reduce((s, e) => s + e.amountCents, 0),
  };
}

import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import { payoutAccountBodySchema, payoutAccountReplySchema } from '../../../shared/schemas/wallet';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { PayoutAccountService } from './payout-account.service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const PATH = '/api/v2/wallet/payout-account';

/** A guide's saved payout account (decision 172): her own, so no id in the path; no one else's can be named. */
export function payoutAccountRoutes(app: AppInstance, service: PayoutAccountService): void {
  app.get(
    PATH,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'The signed-in guide’s saved payout account (`account: null` before she saves one)',
        description:
          'The number reads masked, as a withdrawal’s does: all but its last four characters hidden. Guides only (403 otherwise), as withdrawals are.',
        security,
        response: { 200: payoutAccountReplySchema, ...errors },
      },
    },
    async (request) => ({ account: await service.get(currentUser(request)) }),
  );

  app.put(
    PATH,
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['wallet'],
        summary: 'Saves (creates or replaces) the signed-in guide’s payout account, with or without a balance',
        description:
          'Checked exactly as a withdrawal’s account fields: a bank account needs a bank and branch code from the Zengin list (400 `unknown_bank` / `unknown_branch`), the account type, a seven-digit number and the holder’s name in katakana, kept half-width (400 `invalid_kana_name`); Alipay and WeChat a name and an account. A withdrawal takes it with `savedAccount: true`; one already requested keeps the account it was requested to.',
        security,
        body: payoutAccountBodySchema,
        response: { 200: payoutAccountReplySchema, ...errors },
      },
    },
    async (request) => ({ account: await service.save(currentUser(request), request.body) }),
  );

  app.delete(
    PATH,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'Removes the signed-in guide’s saved payout account (204 also when there was none)',
        description:
          'Payouts already requested to it are paid as requested: each withdrawal keeps its own copy of the account.',
        security,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request));
      return reply.code(204).send(null);
    },
  );
}

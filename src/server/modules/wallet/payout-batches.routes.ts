import { z } from 'zod';
import { errorBodySchema, fileReplySchema, idParam } from '../../../shared/schemas/common';
import {
  bankCodeParams,
  bankListSchema,
  bankSearchQuerySchema,
  branchListSchema,
  createPayoutBatchBodySchema,
  failPayoutLineBodySchema,
  payoutBatchListSchema,
  payoutBatchSchema,
  setPayoutRateBodySchema,
} from '../../../shared/schemas/payouts';
import type { AppInstance } from '../../lib/types';
import { notFound } from '../../lib/app-error';
import { sendPrivateFile } from '../../storage/private-document';
import { currentUser } from '../auth/index';
import { searchBanks, searchBranches } from './banks';
import type { PayoutBatchService } from './payout-batches.service';

const security = [{ bearerAuth: [] }];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const params = z.object({ id: idParam });
const lineParams = z.object({ id: idParam, lineId: idParam });

/** The bank picker's lookups and the admin's payout batches (decisions 128, 129, 130). */
export function payoutBatchRoutes(app: AppInstance, service: PayoutBatchService): void {
  bankRoutes(app);
  batchRoutes(app, service);
  batchLineRoutes(app, service);
}

/** Japan's banks and their branches, for a payout account. */
function bankRoutes(app: AppInstance): void {
  app.get(
    '/api/v2/banks',
    {
      schema: {
        tags: ['wallet'],
        summary:
          'Public reference data: Japanese banks from the Zengin code list whose code starts with q, or whose name matches it (full or short name, kana with or without small letters, Hepburn or the list’s romaji; 銀行 and 信用金庫 read as the list’s short forms); exact matches first, then names starting with q, then names holding it; at most 30',
        querystring: bankSearchQuerySchema,
        response: { 200: bankListSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({ banks: await searchBanks(request.query.q) }),
  );

  app.get(
    '/api/v2/banks/:code/branches',
    {
      schema: {
        tags: ['wallet'],
        summary:
          'A bank’s branches whose code starts with q or whose name, kana or romaji matches it, best first; at most 30 (an unknown bank is a 404). A ゆうちょ branch is found by the code its 記号 converts to',
        params: bankCodeParams,
        querystring: bankSearchQuerySchema,
        response: { 200: branchListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const found = await searchBranches(request.params.code, request.query.q);
      if (!found) throw notFound('Bank');
      return found;
    },
  );
}

/** The admin's weekly batches: listed, made, read, and the bank's Zengin file. */
function batchRoutes(app: AppInstance, service: PayoutBatchService): void {
  app.get(
    '/api/admin/payout-batches',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: payout batches, newest first',
        security,
        response: { 200: payoutBatchListSchema, ...errors },
      },
    },
    async () => ({ batches: await service.list() }),
  );

  app.post(
    '/api/admin/payout-batches',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Admin: a batch of every approved payout of one method not yet in a batch (the weekly job forms them too, bank ones without a rate)',
        description:
          'A bank batch is made on a Japanese business day (else 409 not_business_day) for the next one. It needs jpyPerCny (yen per RMB, up to six decimals, stored as entered) ' +
          'when a yuan payout is waiting (else 400 rate_required): a yuan line’s yen is ⌊fen × rate / 100⌋, a yen line’s its own amount, and a batch of yen payouts alone keeps no rate ' +
          '(one given is not kept). Nothing waiting: 409 nothing_to_batch.',
        security,
        body: createPayoutBatchBodySchema,
        response: { 201: payoutBatchSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.get(
    '/api/admin/payout-batches/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: a payout batch with its lines and their statuses',
        security,
        params,
        response: { 200: payoutBatchSchema, ...errors },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.get(
    '/api/admin/payout-batches/:id/zengin',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Admin: a bank batch as a Zengin general-transfer file (Shift_JIS, 120-byte records with CRLF); other batches 409 not_a_bank_batch, ' +
          'a bank batch still awaiting its rate 409 rate_not_set, a line without its yen 409 payout_line_without_yen (never a transfer of 0)',
        security,
        params,
        response: { 200: fileReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { body, fileName } = await service.zengin(request.params.id);
      return sendPrivateFile(reply, {
        contentType: 'text/plain; charset=Shift_JIS',
        size: body.length,
        body,
        fileName,
      });
    },
  );
}

/** A batch's rate set afterwards, and each line marked paid or failed. */
function batchLineRoutes(app: AppInstance, service: PayoutBatchService): void {
  app.post(
    '/api/admin/payout-batches/:id/rate',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: the rate and transfer day of a bank batch the weekly job formed (status awaiting_rate)',
        description:
          'jpyPerCny as at creation (yen per RMB, up to six decimals), required while a yuan payout is pending (400 rate_required); a batch whose pending payouts are all ' +
          'yen is dated with an empty body and keeps no rate. In one transaction: the rate, the transfer day (the next Japanese ' +
          'business day) and each pending line’s yen (⌊fen × rate / 100⌋ for a yuan line, its own amount for a yen line) with its payout_converted entries. On a day that is not a business ' +
          'day 409 not_business_day; a batch already dated 409 rate_already_set; an Alipay or WeChat batch 409 not_a_bank_batch.',
        security,
        params,
        body: setPayoutRateBodySchema,
        response: { 200: payoutBatchSchema, ...errors },
      },
    },
    async (request) => service.setRate(currentUser(request), request.params.id, request.body.jpyPerCny),
  );

  app.post(
    '/api/admin/payout-batches/:id/lines/:lineId/paid',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: a pending line was paid (a bank batch awaiting its rate: 409 rate_not_set)',
        security,
        params: lineParams,
        response: { 200: payoutBatchSchema, ...errors },
      },
    },
    async (request) => service.settleLine(currentUser(request), request.params.id, request.params.lineId, 'paid'),
  );

  app.post(
    '/api/admin/payout-batches/:id/lines/:lineId/failed',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: a pending line failed, with a reason; its money returns to the guide’s withdrawable balance',
        security,
        params: lineParams,
        body: failPayoutLineBodySchema,
        response: { 200: payoutBatchSchema, ...errors },
      },
    },
    async (request) =>
      service.settleLine(currentUser(request), request.params.id, request.params.lineId, 'failed', request.body.reason),
  );
}

import { z } from 'zod';
import { matchLocale } from '../../../shared/locales';
import { fileReplySchema, idParam } from '../../../shared/schemas/common';
import {
  RECEIPT_LANGUAGES,
  receiptListSchema,
  receiptSchema,
  updateReceiptBodySchema,
  type ReceiptLanguage,
} from '../../../shared/schemas/receipts';
import { requestLanguage } from '../../lib/request-language';
import type { AppInstance } from '../../lib/types';
import { sendPrivateFile } from '../../storage/private-document';
import { currentUser } from '../auth/index';
import type { ReceiptsService } from './receipts.service';

const bearer = [{ bearerAuth: [] }];
const idParams = z.object({ id: idParam });

/**
 * A tag's receipt language: an interface language (matchLocale), or Japanese, the issuer's country's,
 * which a receipt is printed in though the app is not.
 */
const receiptLanguageOf = (tag: string): ReceiptLanguage | undefined =>
  matchLocale(tag) ?? RECEIPT_LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase().split('-')[0]);

/** Receipts and credit notes of payments (decision 125): the payer reads them, prints them and names the addressee. */
export function receiptsRoutes(app: AppInstance, service: ReceiptsService): void {
  app.get(
    '/api/v2/bookings/:id/receipts',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['receipts'],
        summary: "The booking's receipts (deposit, extensions) and credit notes (refunds), oldest first",
        description:
          "Only the booking's traveler; anyone else 404. A payment settled before receipts existed gets its receipt on this first read.",
        security: bearer,
        params: idParams,
        response: { 200: receiptListSchema },
      },
    },
    async (request) => ({ receipts: await service.list(currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/api/v2/receipts/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['receipts'],
        summary: 'One receipt or credit note (payer only; anyone else 404)',
        security: bearer,
        params: idParams,
        response: { 200: receiptSchema },
      },
    },
    async (request) => service.get(currentUser(request).id, request.params.id),
  );

  app.patch(
    '/api/v2/receipts/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['receipts'],
        summary: 'Change who the receipt is made out to (宛名); its credit notes follow',
        description:
          'Payer only; anyone else 404. One line of at most 100 characters, stored in NFC without control, bidi or invisible characters; nothing visible is 400 validation_failed. ' +
          'Nothing else on an issued receipt changes.',
        security: bearer,
        params: idParams,
        body: updateReceiptBodySchema,
        response: { 200: receiptSchema },
      },
    },
    async (request) => service.setAddressee(currentUser(request).id, request.params.id, request.body.addressee),
  );

  app.get(
    '/api/v2/receipts/:id/pdf',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['receipts'],
        summary: 'The receipt or credit note as a one-page A4 PDF, in English, Chinese or Japanese',
        description: 'Payer only; anyone else 404. Sent as a download (attachment). Never cached.',
        security: bearer,
        params: idParams,
        querystring: z.object({
          lang: z
            .enum(RECEIPT_LANGUAGES)
            .optional()
            .describe('en, zh-CN or ja (default: the Accept-Language header, else en)'),
        }),
        response: { 200: fileReplySchema },
      },
    },
    async (request, reply) => {
      // The PDF's language: asked for, else the reader's Accept-Language among the three, else English.
      const lang = requestLanguage(request.query.lang, request.headers['accept-language'], receiptLanguageOf, 'en');
      const { body, fileName } = await service.pdf(currentUser(request).id, request.params.id, lang);
      return sendPrivateFile(reply, { contentType: 'application/pdf', size: body.length, body, fileName });
    },
  );
}

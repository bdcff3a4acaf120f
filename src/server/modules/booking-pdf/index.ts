import { z } from 'zod';
import { LOCALES } from '../../../shared/locales';
import { fileReplySchema, idParam } from '../../../shared/schemas/common';
import { requestLanguage } from '../../lib/request-language';
import type { AppInstance } from '../../lib/types';
import { sendPrivateFile } from '../../storage/private-document';
import { currentUser } from '../auth/index';
import { BookingPdfService, PDF_LINK_TTL_MS, type BookingPdfNeeds } from './booking-pdf.service';

// How every PDF of the server is opened, in the fonts and palette they share (receipts and statements too).
export { openPdf, PDF_PALETTE } from './pdf-document';
export { renderBookingPdf } from './render';

const bearer = [{ bearerAuth: [] }];
const idParams = z.object({ id: idParam });
const langSchema = z
  .enum(LOCALES)
  .describe('Language of the document: en, zh-CN or ja (default: the Accept-Language header, else en)');

const pdfQuerySchema = z.object({
  lang: langSchema.optional(),
  download: z.enum(['1', 'true']).optional().describe('Send as an attachment (a download) instead of inline'),
  uid: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  exp: z.coerce.number().int().positive().optional(),
  sig: z.string().max(100).optional(),
});

export const pdfLinkReplySchema = z.object({
  url: z.string(),
  downloadUrl: z.string(),
  expiresAt: z.string(),
});

/** GET /api/v2/bookings/{id}/pdf and its signed link (decision 065). */
export function registerBookingPdf(app: AppInstance, needs: BookingPdfNeeds): void {
  const service = new BookingPdfService(app, needs);

  app.get(
    '/api/v2/bookings/:id/pdf',
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'The booking confirmation and itinerary as a one-page A4 PDF, in English, Chinese or Japanese (a Japanese one in a Japanese face: decision 174)',
        description:
          'For the booking’s traveler, its guide or an admin (bearer token), or with a signed link from GET …/pdf-link ' +
          `(valid ${PDF_LINK_TTL_MS / 60_000} minutes). Visitors 401, anyone else 404. Never cached.`,
        security: bearer,
        params: idParams,
        querystring: pdfQuerySchema,
        response: { 200: fileReplySchema },
      },
    },
    async (request, reply) => {
      const { download, ...rest } = request.query;
      const lang = requestLanguage(rest.lang, request.headers['accept-language']);
      const { body, fileName } = await service.pdf(request.user, request.params.id, {
        ...rest,
        lang,
        download: download !== undefined,
      });
      // The preview page frames this same-origin URL; the app-wide CSP forbids any framing.
      return sendPrivateFile(reply, {
        contentType: 'application/pdf',
        size: body.length,
        body,
        fileName,
        inline: download === undefined,
        preview: true,
      });
    },
  );

  app.get(
    '/api/v2/bookings/:id/pdf-link',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary:
          'A short-lived signed link to the booking PDF, for an iframe or a download (they cannot send the bearer token)',
        security: bearer,
        params: idParams,
        querystring: z.object({ lang: langSchema.optional() }),
        response: { 200: pdfLinkReplySchema },
      },
    },
    async (request) =>
      service.link(
        currentUser(request),
        request.params.id,
        requestLanguage(request.query.lang, request.headers['accept-language']),
      ),
  );
}

import { z } from 'zod';
import { LOCALES, matchLocale, type Locale } from '../../../shared/locales';
import { fileReplySchema, idParam } from '../../../shared/schemas/common';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import { BookingPdfService, PDF_LINK_TTL_MS } from './booking-pdf.service';

export { renderBookingPdf } from './render';

const bearer = [{ bearerAuth: [] }];
const idParams = z.object({ id: idParam });
const langSchema = z.enum(LOCALES).describe('Language of the document: en or zh-CN (default: the Accept-Language header, else en)');

const pdfQuerySchema = z.object({
  lang: langSchema.optional(),
  download: z
    .enum(['1', 'true'])
    .optional()
    .describe('Send as an attachment (a download) instead of inline'),
  uid: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  exp: z.coerce.number().int().positive().optional(),
  sig: z.string().max(100).optional(),
});

export const pdfLinkReplySchema = z.object({
  url: z.string(),
  downloadUrl: z.string(),
  expiresAt: z.string(),
});

const languageOf = (lang: Locale | undefined, acceptLanguage: string | undefined): Locale => lang ?? matchLocale(acceptLanguage?.split(',')[0]) ?? 'en';

/** GET /api/v2/bookings/{id}/pdf and its signed link (issue #12, decision 065). */
export function registerBookingPdf(app: AppInstance): void {
  const service = new BookingPdfService(app);

  app.get(
    '/api/v2/bookings/:id/pdf',
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['bookings'],
        summary: 'The booking confirmation and itinerary as a one-page A4 PDF, in English or Chinese',
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
      const lang = languageOf(rest.lang, request.headers['accept-language']);
      const { body, fileName } = await service.pdf(request.user, request.params.id, { ...rest, lang, download: download !== undefined });
      return reply
        .type('application/pdf')
        .header('content-length', body.length)
        .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        // The preview page frames this same-origin URL; the app-wide CSP forbids any framing.
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN')
        .send(body);
    },
  );

  app.get(
    '/api/v2/bookings/:id/pdf-link',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['bookings'],
        summary: 'A short-lived signed link to the booking PDF, for an iframe or a download (they cannot send the bearer token)',
        security: bearer,
        params: idParams,
        querystring: z.object({ lang: langSchema.optional() }),
        response: { 200: pdfLinkReplySchema },
      },
    },
    async (request) => service.link(currentUser(request), request.params.id, languageOf(request.query.lang, request.headers['accept-language'])),
  );
}

import multipart from '@fastify/multipart';
import { z } from 'zod';
import { errorBodySchema, fileReplySchema, idParam } from '../../../shared/schemas/common';
import { readerLangSchema } from '../../../shared/schemas/guides';
import {
  adminDisputeDetailSchema,
  disputeSchema,
  EVIDENCE_MAX_BYTES,
  openDisputeBodySchema,
  resolveDisputeBodySchema,
  resolveDisputeReplySchema,
} from '../../../shared/schemas/disputes';
import type { AppInstance } from '../../lib/types';
import { askedLanguage } from '../../lib/request-language';
import { readSingleUpload, sendPrivateFile } from '../../storage/private-document';
import { currentUser } from '../auth/index';
import type { DisputeReviewService } from './dispute-review.service';
import type { DisputesService } from './disputes.service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
/** Disputes (decision 064): open, evidence, read; and the admin's resolution. */
export async function disputesRoutes(
  app: AppInstance,
  service: DisputesService,
  review: DisputeReviewService,
): Promise<void> {
  await app.register(async (scope: AppInstance) => {
    // Multipart parsing only inside this scope: other routes keep JSON-only bodies.
    await scope.register(multipart, { limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

    openingRoutes(scope, service);
    evidenceRoutes(scope, service);
  });

  app.get(
    '/api/admin/disputes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Open disputes, oldest first (admins only)',
        security,
        response: { 200: z.object({ data: z.array(disputeSchema) }), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async () => ({ data: await review.listOpen() }),
  );

  app.get(
    '/api/admin/disputes/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "One dispute with its evidence, the booking's ledger and both sides' latest messages (admins only)",
        description:
          "With machine translation on (decision 146), the statement and the messages in another language than the admin's (lang, else the app's choice (the tabi_locale cookie), else the admin's stored locale, else Accept-Language) carry their language and translation (reasonLanguage, reasonTranslated, reasonTranslation; bodyLanguage, translated, translation); reason and body stay the originals.",
        security,
        params: z.object({ id: idParam }),
        querystring: z.object({ lang: readerLangSchema }),
        response: { 200: adminDisputeDetailSchema, ...errors },
      },
    },
    async (request) =>
      review.adminDetail(
        request.params.id,
        await review.readerLanguage(currentUser(request), askedLanguage(request)),
        currentUser(request).id,
      ),
  );

  app.post(
    '/api/admin/disputes/:id/resolve',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Resolve a dispute as completed or cancelled, with a refund to the traveler through the payment provider (admins only)',
        security,
        params: z.object({ id: idParam }),
        body: resolveDisputeBodySchema,
        response: { 200: resolveDisputeReplySchema, ...errors },
      },
    },
    async (request) => review.resolve(currentUser(request), request.params.id, request.body),
  );
}

/** A dispute opened, read by either side, and found by its booking. */
function openingRoutes(scope: AppInstance, service: DisputesService): void {
  scope.post(
    '/api/v2/disputes',
    {
      onRequest: scope.requireAuth,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['disputes'],
        summary: 'Open a dispute on an ongoing booking or one completed within 7 days; the booking becomes disputed',
        security,
        body: openDisputeBodySchema,
        response: { 201: disputeSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.open(currentUser(request), request.body)),
  );

  scope.get(
    '/api/v2/disputes/:id',
    {
      onRequest: scope.requireAuth,
      schema: {
        tags: ['disputes'],
        summary: 'A dispute, for the booking’s parties and admins',
        security,
        params: z.object({ id: idParam }),
        response: { 200: disputeSchema, ...errors },
      },
    },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  scope.get(
    '/api/v2/disputes/bookings/:id',
    {
      onRequest: scope.requireAuth,
      schema: {
        tags: ['disputes'],
        summary: 'The latest dispute of a booking, for its parties and admins',
        security,
        params: z.object({ id: idParam }),
        response: { 200: disputeSchema, ...errors },
      },
    },
    async (request) => service.ofBooking(currentUser(request), request.params.id),
  );
}

/** A dispute's evidence: uploaded and read back. */
function evidenceRoutes(scope: AppInstance, service: DisputesService): void {
  scope.post(
    '/api/v2/disputes/:id/evidence',
    {
      onRequest: scope.requireAuth,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['disputes'],
        summary: 'Add an evidence file to an open dispute',
        description:
          'multipart/form-data with one field "file": JPEG, PNG, GIF, WEBP or PDF, checked by content, at most 10 MB; images are re-encoded to WebP without metadata. ' +
          'At most 10 files per dispute. Files are private: only the booking’s parties and admins can read them.',
        consumes: ['multipart/form-data'],
        security,
        params: z.object({ id: idParam }),
        response: { 201: disputeSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.addEvidence(currentUser(request), request.params.id, () =>
            readSingleUpload(request, EVIDENCE_MAX_BYTES),
          ),
        ),
  );

  scope.get(
    '/api/v2/disputes/:id/evidence/:evidenceId',
    {
      onRequest: scope.requireAuth,
      schema: {
        tags: ['disputes'],
        summary: 'An evidence file (the booking’s parties and admins only; never cached by shared caches)',
        security,
        params: z.object({ id: idParam, evidenceId: idParam }),
        response: { 200: fileReplySchema },
      },
    },
    async (request, reply) => {
      const { file, row } = await service.evidenceFile(
        currentUser(request),
        request.params.id,
        request.params.evidenceId,
      );
      return sendPrivateFile(reply, {
        contentType: row.contentType,
        size: file.size,
        body: file.stream(),
        fileName: row.fileName,
        inline: true,
      });
    },
  );
}

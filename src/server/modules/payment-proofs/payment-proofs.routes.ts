import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema, fileReplySchema, idParam } from '../../../shared/schemas/common';
import { paymentProofReplySchema, PROOF_MAX_BYTES } from '../../../shared/schemas/payment-proofs';
import type { AppInstance } from '../../lib/types';
import { readSingleUpload, sendPrivateFile } from '../../storage/private-document';
import { currentUser } from '../auth/index';
import { FILE_URL_TTL_MS, type PaymentProofsService } from './payment-proofs.service';

const bearer = [{ bearerAuth: [] }];
const idParams = z.object({ id: idParam });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
/** Uploads per client address per 10 minutes: a traveler needs one or two; this stops a flood of 10 MB bodies. */
export const PROOF_UPLOAD_LIMIT = 10;

/**
 * The one file of a multipart body (field "file"): over 10 MB is 413, a malformed body 400, never a 500 (shared
 * reader).
 */
async function readProofUpload(request: FastifyRequest): Promise<{ data: Buffer; fileName?: string }> {
  const { data, fileName } = await readSingleUpload(request, PROOF_MAX_BYTES);
  return { data, fileName };
}

/** The traveler's proof of the in-person final payment, and the guide's check (decision 062). */
export function paymentProofsRoutes(service: PaymentProofsService) {
  return async (app: AppInstance): Promise<void> => {
    // Multipart only inside this plugin's scope: other routes keep JSON-only bodies.
    await app.register(multipart, { limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    proofRoutes(app, service);
    proofCheckRoutes(app, service);
  };
}

/** A booking's proof of payment: read and sent by the traveler. */
function proofRoutes(app: AppInstance, service: PaymentProofsService): void {
  app.get(
    '/api/v2/bookings/:id/payment-proof',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['payment-proofs'],
        summary:
          "The booking's payment proof: status (none, uploaded, verified), what remains to pay in person, and a signed file URL",
        description: 'For the traveler, the guide and admins; anyone else 404. fileUrl works for 10 minutes.',
        security: bearer,
        params: idParams,
        response: { 200: paymentProofReplySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.post(
    '/api/v2/bookings/:id/payment-proof',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: PROOF_UPLOAD_LIMIT, timeWindow: '10 minutes' } },
      schema: {
        tags: ['payment-proofs'],
        summary: 'Upload the proof of the final payment made in person (traveler)',
        description:
          'multipart/form-data with one field "file": JPEG, PNG, GIF, WEBP or PDF, at most 10 MB, checked by content (never by name or Content-Type). ' +
          'Images are re-encoded to WebP without metadata; a PDF must be a PDF and may not hold JavaScript, launch actions or embedded files. ' +
          'Only while the tour is ongoing or completed (409 invalid_transition otherwise); replaces an earlier proof until the guide verified it (then 409). ' +
          'The guide is 403; strangers 404; a bad type 400 invalid_file_type; an empty file 400 validation_failed; over 10 MB 413.',
        consumes: ['multipart/form-data'],
        security: bearer,
        params: idParams,
        response: { 201: paymentProofReplySchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.upload(currentUser(request), request.params.id, () => readProofUpload(request))),
  );
}

/** The guide's check of the proof, and its file. */
function proofCheckRoutes(app: AppInstance, service: PaymentProofsService): void {
  app.post(
    '/api/v2/bookings/:id/payment-proof/verify',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['payment-proofs'],
        summary: 'Mark the payment proof verified (guide)',
        description:
          "Only the booking's guide (the traveler is 403, strangers 404); 409 when there is no proof or it is already verified.",
        security: bearer,
        params: idParams,
        response: { 200: paymentProofReplySchema, ...errors },
      },
    },
    async (request) => service.verify(currentUser(request), request.params.id),
  );

  app.get(
    '/api/v2/bookings/:id/payment-proof/file',
    {
      onRequest: app.optionalAuth,
      schema: {
        tags: ['payment-proofs'],
        summary: 'The proof file itself',
        description:
          `With a signed URL from GET …/payment-proof (valid ${FILE_URL_TTL_MS / 60_000} minutes), or with the bearer token of the traveler, the guide or an admin. ` +
          'Served private, never cached, with nosniff and a sandboxing CSP; a PDF as an attachment. Visitors 401, strangers 404.',
        security: bearer,
        params: idParams,
        querystring: z.object({
          exp: z.coerce.number().int().positive().optional(),
          sig: z.string().max(100).optional(),
        }),
        response: { 200: fileReplySchema },
      },
    },
    async (request, reply) => {
      const { file, proof, number } = await service.file(request.user ?? undefined, request.params.id, request.query);
      const pdf = proof.contentType === 'application/pdf';
      const name = `payment-proof-${number}.${pdf ? 'pdf' : 'webp'}`;
      return sendPrivateFile(reply, {
        contentType: proof.contentType,
        size: file.size,
        body: file.stream(),
        fileName: name,
        inline: true,
      });
    },
  );
}

import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorBodySchema, fileReplySchema, idParam } from '../../../shared/schemas/common';
import {
  adminIdentityListQuerySchema,
  adminIdentityListSchema,
  adminIdentitySchema,
  IDENTITY_FILE_KINDS,
  IDENTITY_FILE_MAX_BYTES,
  identityFileParamsSchema,
  identityRejectBodySchema,
  identityRequestChangesBodySchema,
  identitySubmitBodySchema,
  identityVerificationSchema,
  type IdentityFileKind,
} from '../../../shared/schemas/identity';
import type { AppInstance } from '../../lib/types';
import type { StoredFile } from '../../storage/index';
import { readUploads, sendPrivateFile } from '../../storage/private-document';
import { currentUser } from '../auth/index';
import type { IdentityReviewService } from './identity-review.service';
import type { IdentityService } from './identity.service';

const security = [{ bearerAuth: [] }];
const tags = ['identity'];
const adminTags = ['admin'];
const idParams = z.object({ id: idParam });
const adminFileParams = z.object({ id: idParam, kind: z.enum(IDENTITY_FILE_KINDS) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
/** Upload and submit: also 403 consent_required without the current sensitive-data consent (decision 131). */
const CONSENT_NOTE =
  'Without a consent to the current version of the sensitive-data notice (POST /api/me/consents, kind sensitive_data) 403 consent_required, the field consents.sensitive_data naming it.';
/** Uploads per client address per 10 minutes: a user needs a few tries; this stops a flood of 10 MB bodies. */
export const IDENTITY_UPLOAD_LIMIT = 20;

const FILE_DESCRIPTION =
  'Served private and never cached, as a sandboxed attachment (nosniff, CSP sandbox, same-origin).';

/** An ID document or selfie: always an attachment (sendPrivateFile's policy). */
function sendIdentityFile(
  reply: FastifyReply,
  kind: IdentityFileKind,
  found: { file: StoredFile; contentType: string },
) {
  const ext = found.contentType === 'application/pdf' ? 'pdf' : 'webp';
  return sendPrivateFile(reply, {
    contentType: found.contentType,
    size: found.file.size,
    body: found.file.stream(),
    fileName: `identity-${kind}.${ext}`,
  });
}

/** Identity verification: the user's ID document and selfie, submission, and the admin review. */
export function identityRoutes(service: IdentityService, review: IdentityReviewService) {
  return async (app: AppInstance): Promise<void> => {
    await app.register(multipart, { limits: { fileSize: IDENTITY_FILE_MAX_BYTES, files: 2, fields: 3, parts: 6 } });
    verificationRoutes(app, service);
    identityListRoutes(app, review);
    identityReviewRoutes(app, review);
  };
}

/** The user's verification: read, its files uploaded and read back, submitted. */
function verificationRoutes(app: AppInstance, service: IdentityService): void {
  app.get(
    '/api/v2/identity-verification',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "The caller's identity verification: status, document kind, files and the reviewer's note",
        description: "status is 'none' before anything was uploaded; identityVerified mirrors /api/me.",
        security,
        response: { 200: identityVerificationSchema, 401: errorBodySchema },
      },
    },
    async (request) => service.status(currentUser(request)),
  );

  app.post(
    '/api/v2/identity-verification',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: IDENTITY_UPLOAD_LIMIT, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Upload the ID document and/or the selfie (each replaces the previous one)',
        description:
          'multipart/form-data: file fields "document" (JPEG, PNG, GIF, WEBP or PDF) and "selfie" (JPEG, PNG, GIF or WEBP), one or both, each at most 10 MB and typed by content; ' +
          'optional text field "documentKind" (passport, national_id, my_number_card — its front only, residence_card, drivers_license). Images are re-encoded to WebP without metadata; PDFs with active content are refused. ' +
          'A bad type is 400 invalid_file_type (fields name the file), over 10 MB 413. Allowed while a draft, rejected or with changes requested; while submitted 409 invalid_transition; already verified 409 conflict. ' +
          CONSENT_NOTE,
        consumes: ['multipart/form-data'],
        security,
        response: {
          200: identityVerificationSchema,
          ...errors,
          403: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request) =>
      service.upload(currentUser(request), () => readUploads(request, IDENTITY_FILE_MAX_BYTES, IDENTITY_FILE_KINDS)),
  );

  app.post(
    '/api/v2/identity-verification/submit',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Submit the uploaded files for review',
        description: `Needs a document kind (stored or in the body) and both files (400 validation_failed, fields name what is missing). ${CONSENT_NOTE}`,
        security,
        body: identitySubmitBodySchema,
        response: { 200: identityVerificationSchema, ...errors, 403: errorBodySchema },
      },
    },
    async (request) => service.submit(currentUser(request), request.body.documentKind),
  );

  app.get(
    '/api/v2/identity-verification/files/:kind',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "The caller's own ID document or selfie",
        description: `Only the owner's bearer token reaches their files (admins use /api/admin/identity/{id}/files/{kind}); nothing uploaded 404. ${FILE_DESCRIPTION}`,
        security,
        params: identityFileParamsSchema,
        querystring: z.object({ v: z.string().max(20).optional() }),
        response: { 200: fileReplySchema },
      },
    },
    async (request, reply) =>
      sendIdentityFile(reply, request.params.kind, await service.ownFile(currentUser(request), request.params.kind)),
  );
}

/** The admin's list, one verification and its files. */
function identityListRoutes(app: AppInstance, service: IdentityReviewService): void {
  app.get(
    '/api/admin/identity',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Identity verifications to review (drafts excluded unless asked for), newest submission first',
        security,
        querystring: adminIdentityListQuerySchema,
        response: { 200: adminIdentityListSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/admin/identity/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'One identity verification with authorized URLs of its files (admin bearer token)',
        security,
        params: idParams,
        response: { 200: adminIdentitySchema, ...errors },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.get(
    '/api/admin/identity/:id/files/:kind',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: "A user's ID document or selfie",
        description: FILE_DESCRIPTION,
        security,
        params: adminFileParams,
        response: { 200: fileReplySchema },
      },
    },
    async (request, reply) =>
      sendIdentityFile(reply, request.params.kind, await service.adminFile(request.params.id, request.params.kind)),
  );
}

/** The admin's decision: approve, reject, ask for changes. */
function identityReviewRoutes(app: AppInstance, service: IdentityReviewService): void {
  app.post(
    '/api/admin/identity/:id/approve',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: "Approve: the user's identity is verified (users.identityVerified)",
        description:
          'Only a submitted verification (409 invalid_transition otherwise). The user gets a system message and an e-mail.',
        security,
        params: idParams,
        response: { 200: adminIdentitySchema, ...errors },
      },
    },
    async (request) => service.approve(currentUser(request), request.params.id),
  );

  app.post(
    '/api/admin/identity/:id/reject',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Reject with a reason (shown to the user, who may upload again)',
        description: 'Only a submitted verification. The user gets a system message and an e-mail.',
        security,
        params: idParams,
        body: identityRejectBodySchema,
        response: { 200: adminIdentitySchema, ...errors },
      },
    },
    async (request) => service.reject(currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/identity/:id/request-changes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Ask the user for changes with a note (they replace files and submit again)',
        description: 'Only a submitted verification. The user gets a system message.',
        security,
        params: idParams,
        body: identityRequestChangesBodySchema,
        response: { 200: adminIdentitySchema, ...errors },
      },
    },
    async (request) => service.requestChanges(currentUser(request), request.params.id, request.body.note),
  );
}

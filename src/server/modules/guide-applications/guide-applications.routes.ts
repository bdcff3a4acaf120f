import multipart from '@fastify/multipart';
import { z } from 'zod';
import { errorBodySchema, fileReplySchema, idParam } from '../../../shared/schemas/common';
import {
  adminApplicationListQuerySchema,
  adminApplicationListSchema,
  adminApplicationSchema,
  applicationSchema,
  applicationStatusReplySchema,
  documentDescriptionBodySchema,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  rejectBodySchema,
  requestChangesBodySchema,
  saveDraftBodySchema,
  submitBodySchema,
} from '../../../shared/schemas/guide-applications';
import type { AppInstance } from '../../lib/types';
import { readSingleUpload, sendPrivateFile } from '../../storage/private-document';
import { currentUser } from '../auth/index';
import type { ApplicationReviewService } from './application-review.service';
import type { GuideApplicationsService } from './guide-applications.service';

const security = [{ bearerAuth: [] }];
const tags = ['guide-applications'];
const adminTags = ['admin'];
const idParams = z.object({ id: idParam });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
/** Uploads per client address per 10 minutes: an applicant needs a handful; this stops a flood of 10 MB bodies. */
export const DOCUMENT_UPLOAD_LIMIT = 20;

/** Becoming a guide: the applicant's draft, documents and submission, and the admin review. */
export function guideApplicationsRoutes(service: GuideApplicationsService, review: ApplicationReviewService) {
  return async (app: AppInstance): Promise<void> => {
    await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    applicationDraftRoutes(app, service);
    applicationDocumentRoutes(app, service);
    applicationDocumentFileRoutes(app, service);
    applicationSubmitRoutes(app, service);
    applicationReviewRoutes(app, review);
    applicationDecisionRoutes(app, review);
  };
}

/** The applicant's status and draft. */
function applicationDraftRoutes(app: AppInstance, service: GuideApplicationsService): void {
  app.get(
    '/api/v2/guide-applications/status',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "The caller's application status and the header's guideStatus flags",
        description: "status is 'none' before any draft. The web caches it 5 minutes.",
        security,
        response: { 200: applicationStatusReplySchema, 401: errorBodySchema },
      },
    },
    async (request) => service.status(currentUser(request)),
  );

  app.get(
    '/api/v2/guide-applications/draft',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "The caller's application: the four pages as saved, its documents and status",
        description: 'An empty draft (id null) when nothing was saved yet.',
        security,
        response: { 200: applicationSchema, 401: errorBodySchema },
      },
    },
    async (request) => service.draft(currentUser(request)),
  );

  app.put(
    '/api/v2/guide-applications/draft',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Save the draft (replaces the saved answers)',
        description:
          'Every field is optional; types and ranges are checked (400 validation_failed). Allowed while the application is a draft, ' +
          'changes were requested or it was rejected (it becomes a draft again); while submitted or under review 409 invalid_transition; a guide 409. ' +
          'Texts are stored in NFC without invisible code points, as typed: a protected title (全国通訳案内士, licensed guide, … in any disguise) is kept in a draft and checked on submit (decision 171); the reply’s titleProblems names each answer or file description holding one, with what to do, in the applicant’s language. ' +
          '`licence` declares a guide licence (kind, region, registrationNumber, prefecture, languages, documentId: the uploaded file that is the card), every part optional in a draft.',
        security,
        body: saveDraftBodySchema,
        response: { 200: applicationSchema, ...errors },
      },
    },
    async (request) => service.saveDraft(currentUser(request), request.body.data),
  );
}

/** The applicant's documents: uploaded, relabelled, removed. */
function applicationDocumentRoutes(app: AppInstance, service: GuideApplicationsService): void {
  app.post(
    '/api/v2/guide-applications/documents',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: DOCUMENT_UPLOAD_LIMIT, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Upload a qualification file',
        description:
          `multipart/form-data: field "file" (JPEG, PNG, GIF, WEBP or PDF, at most 10 MB, checked by content) and optional "description". ` +
          `At most ${DOCUMENT_MAX_FILES} files (409 too_many_files). Images are re-encoded to WebP without metadata; PDFs with active content are refused. ` +
          'A bad type is 400 invalid_file_type; over 10 MB 413. A protected title in the description is kept and checked on submit (decision 171).',
        consumes: ['multipart/form-data'],
        security,
        response: { 201: applicationSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.upload(currentUser(request), () => readSingleUpload(request, DOCUMENT_MAX_BYTES))),
  );

  app.patch(
    '/api/v2/guide-applications/documents/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "Set a document's description",
        description: "Another user's document is 404.",
        security,
        params: idParams,
        body: documentDescriptionBodySchema,
        response: { 200: applicationSchema, ...errors },
      },
    },
    async (request) => service.describeDocument(currentUser(request), request.params.id, request.body.description),
  );

  app.delete(
    '/api/v2/guide-applications/documents/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Remove a qualification file',
        description: "Another user's document is 404.",
        security,
        params: idParams,
        response: { 200: applicationSchema, ...errors },
      },
    },
    async (request) => service.deleteDocument(currentUser(request), request.params.id),
  );
}

/** A document read back, by its owner or an admin, as a private file. */
function applicationDocumentFileRoutes(app: AppInstance, service: GuideApplicationsService): void {
  app.get(
    '/api/v2/guide-applications/documents/:id/file',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'A qualification file (its owner or an admin)',
        description:
          'Served private, never cached, with nosniff and a sandboxing CSP; a PDF as an attachment. Anyone else 404.',
        security,
        params: idParams,
        response: { 200: fileReplySchema },
      },
    },
    async (request, reply) => {
      const { file, doc } = await service.file(currentUser(request), request.params.id);
      const pdf = doc.contentType === 'application/pdf';
      const fileName = `qualification-${doc.id}.${pdf ? 'pdf' : 'webp'}`;
      return sendPrivateFile(reply, {
        contentType: doc.contentType,
        size: file.size,
        body: file.stream(),
        fileName,
        inline: true,
      });
    },
  );
}

/** The applicant's submission. */
function applicationSubmitRoutes(app: AppInstance, service: GuideApplicationsService): void {
  app.post(
    '/api/v2/guide-applications/submit',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Submit the saved draft for review',
        description:
          "Needs declaration true ('Please confirm declaration', 400 declaration_required), every required field and a description for each file " +
          "('Please complete the following required fields', 400 application_incomplete, fields name each one, data.licence.* for a declared licence's missing parts), the minimum age 18 (400 age_below_minimum), " +
          'a declared licence card among the documents (400 validation_failed on data.licence.documentId), and no protected title in the name, occupation, bio, descriptions or file descriptions ' +
          "that the declared licence does not cover (400 protected_title in the applicant's language, fields name each text; decision 171).",
        security,
        body: submitBodySchema,
        response: { 200: applicationSchema, ...errors },
      },
    },
    async (request) => service.submit(currentUser(request), request.body.declaration),
  );
}

/** The admin's review: the list, one application, and starting its review. */
function applicationReviewRoutes(app: AppInstance, service: ApplicationReviewService): void {
  app.get(
    '/api/admin/applications',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Guide applications to review (drafts excluded), newest submission first',
        security,
        querystring: adminApplicationListQuerySchema,
        response: { 200: adminApplicationListSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/admin/applications/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'One guide application with its documents',
        security,
        params: idParams,
        response: { 200: adminApplicationSchema, ...errors },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/admin/applications/:id/review',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Start reviewing a submitted application (status under_review)',
        security,
        params: idParams,
        response: { 200: adminApplicationSchema, ...errors },
      },
    },
    async (request) => service.startReview(currentUser(request), request.params.id),
  );
}

/** The admin's decisions on an application: approve, reject, or ask for changes. */
function applicationDecisionRoutes(app: AppInstance, service: ApplicationReviewService): void {
  app.post(
    '/api/admin/applications/:id/approve',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Approve: the user becomes a guide with a listing built from the application',
        description:
          'The listing is searchable before the reply; the applicant gets a system message and an e-mail (a text message for an account with only a phone number). ' +
          "A licence the application declares becomes the guide's verified licence, with a copy of its card (decision 171). Only submitted or under review (409 otherwise).",
        security,
        params: idParams,
        response: { 200: adminApplicationSchema, ...errors },
      },
    },
    async (request) => service.approve(currentUser(request), request.params.id),
  );

  app.post(
    '/api/admin/applications/:id/reject',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Reject with a reason (shown to the applicant)',
        security,
        params: idParams,
        body: rejectBodySchema,
        response: { 200: adminApplicationSchema, ...errors },
      },
    },
    async (request) => service.reject(currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/applications/:id/request-changes',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Ask the applicant for changes (they edit and submit again)',
        security,
        params: idParams,
        body: requestChangesBodySchema,
        response: { 200: adminApplicationSchema, ...errors },
      },
    },
    async (request) => service.requestChanges(currentUser(request), request.params.id, request.body.message),
  );
}

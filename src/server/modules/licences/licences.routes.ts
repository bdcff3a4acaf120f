import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CREDENTIAL_FILE_MAX_BYTES } from '../../../shared/licences';
import { errorBodySchema, fileReplySchema, idParam } from '../../../shared/schemas/common';
import {
  adminCredentialListQuerySchema,
  adminCredentialListSchema,
  adminCredentialSchema,
  credentialRejectBodySchema,
  credentialTypeParamSchema,
  guideDrivesBodySchema,
  ownCredentialsSchema,
} from '../../../shared/schemas/licences';
import type { AppInstance } from '../../lib/types';
import type { StoredFile } from '../../storage/index';
import { readSingleUpload, sendPrivateFile } from '../../storage/private-document';
import { currentUser } from '../auth/index';
import type { LicencesService } from './licences.service';

const security = [{ bearerAuth: [] }];
const tags = ['guide-licences'];
const adminTags = ['admin'];
const idParams = z.object({ id: idParam });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
/** Uploads per client address per 10 minutes (as for identity documents). */
const UPLOAD_LIMIT = 20;
const FILE_DESCRIPTION =
  'Served private and never cached, as a sandboxed attachment (nosniff, CSP sandbox, same-origin).';

/** A licence or insurance proof: always an attachment (sendPrivateFile's policy). */
function sendCredentialFile(reply: FastifyReply, found: { file: StoredFile; contentType: string }) {
  const ext = found.contentType === 'application/pdf' ? 'pdf' : 'webp';
  return sendPrivateFile(reply, {
    contentType: found.contentType,
    size: found.file.size,
    body: found.file.stream(),
    fileName: `credential.${ext}`,
  });
}

/** Licensed guides (decision 092): the guide's licence and insurance proof, and the admin review. */
export function licencesRoutes(service: LicencesService) {
  return async (app: AppInstance): Promise<void> => {
    await app.register(multipart, { limits: { fileSize: CREDENTIAL_FILE_MAX_BYTES, files: 1, fields: 8, parts: 10 } });
    credentialRoutes(app, service);
    credentialReviewRoutes(app, service);
  };
}

/** The guide's credentials: listed, uploaded, read back, and the drives they give. */
function credentialRoutes(app: AppInstance, service: LicencesService): void {
  app.get(
    '/api/v2/guide/credentials',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "The guide's licence and insurance proof, their review, and whether the guide may offer to drive",
        security,
        response: { 200: ownCredentialsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => service.own(currentUser(request)),
  );

  app.post(
    '/api/v2/guide/credentials/:type',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: UPLOAD_LIMIT, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary:
          'Submit a licence (全国通訳案内士 / 地域通訳案内士) or a proof of passenger/vehicle insurance for review',
        description:
          'multipart/form-data: file field "file" (the licence card photo or the insurance certificate: JPEG, PNG, GIF, WEBP or PDF, at most 10 MB, typed by content; images re-encoded to WebP without metadata). ' +
          'Licence text fields: licenceKind (national, regional), region (required for regional), registrationNumber, prefecture (tokyo, kyoto, …), languages (comma-separated ISO 639-1 codes). ' +
          'Insurance text fields: insurer, validUntil (yyyy-mm-dd). A new submission replaces the previous one and is reviewed again (a verified licence stops showing its badge until then).',
        consumes: ['multipart/form-data'],
        security,
        params: credentialTypeParamSchema,
        response: { 200: ownCredentialsSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) =>
      service.submit(currentUser(request), request.params.type, () =>
        readSingleUpload(request, CREDENTIAL_FILE_MAX_BYTES),
      ),
  );

  app.get(
    '/api/v2/guide/credentials/:type/file',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: "The guide's own licence card photo or insurance certificate",
        description: FILE_DESCRIPTION,
        security,
        params: credentialTypeParamSchema,
        querystring: z.object({ v: z.string().max(20).optional() }),
        response: { 200: fileReplySchema },
      },
    },
    async (request, reply) =>
      sendCredentialFile(reply, await service.ownFile(currentUser(request), request.params.type)),
  );

  app.put(
    '/api/v2/guide/credentials/guide-drives',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        summary: 'Offer (or stop offering) to drive travelers on tours',
        description:
          'Road Transport Act: only with a verified licence and verified, unexpired insurance (409 licence_required). The drive itself is never charged; fuel, tolls and parking are paid on site at cost.',
        security,
        body: guideDrivesBodySchema,
        response: { 200: ownCredentialsSchema, ...errors },
      },
    },
    async (request) => service.setGuideDrives(currentUser(request), request.body.guideDrives),
  );
}

/** The admin's review: the list, one credential and its file, verified or rejected. */
function credentialReviewRoutes(app: AppInstance, service: LicencesService): void {
  app.get(
    '/api/admin/credentials',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Guide licences and insurance proofs, awaiting ones first',
        security,
        querystring: adminCredentialListQuerySchema,
        response: { 200: adminCredentialListSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );
  app.get(
    '/api/admin/credentials/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'One guide licence or insurance proof',
        security,
        params: idParams,
        response: { 200: adminCredentialSchema, ...errors },
      },
    },
    async (request) => service.get(request.params.id),
  );
  app.get(
    '/api/admin/credentials/:id/file',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'The licence card photo or insurance certificate',
        description: FILE_DESCRIPTION,
        security,
        params: idParams,
        response: { 200: fileReplySchema },
      },
    },
    async (request, reply) => sendCredentialFile(reply, await service.adminFile(request.params.id)),
  );
  app.post(
    '/api/admin/credentials/:id/verify',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Verify (audited): a licence then shows its badge and lifts the protected-title rule',
        description:
          'Only a submitted credential (409 invalid_transition otherwise). Checked against the public registry of the registering prefecture first.',
        security,
        params: idParams,
        response: { 200: adminCredentialSchema, ...errors },
      },
    },
    async (request) => service.verify(currentUser(request), request.params.id),
  );
  app.post(
    '/api/admin/credentials/:id/reject',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: adminTags,
        summary: 'Reject with a reason shown to the guide (audited)',
        security,
        params: idParams,
        body: credentialRejectBodySchema,
        response: { 200: adminCredentialSchema, ...errors },
      },
    },
    async (request) => service.reject(currentUser(request), request.params.id, request.body.reason),
  );
}

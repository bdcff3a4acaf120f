import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  deleteAccountBodySchema,
  IMAGE_MAX_BYTES,
  switchRoleBodySchema,
  updateProfileBodySchema,
} from '../../../shared/schemas/auth';
import { errorBodySchema } from '../../../shared/schemas/common';
import { authReplySchema, userSchema, type AuthReply } from '../../../shared/schemas/user';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { AVATAR_BOX, BACKGROUND_BOX, MAX_INPUT_PIXELS, type ImageBox } from '../../storage/index';
import { wholeFile } from '../../storage/private-document';
import { clientInfo, currentUser, type ClientInfo } from '../auth/index';
import { findUserById } from './users.repository';
import {
  deleteAccount,
  exportData,
  getMe,
  removeImage,
  setImage,
  switchRole,
  updateMe,
  type ImageSlot,
  type UsersNeeds,
} from './users.service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };

/** @fastify/multipart's own limit errors: more data than the route allows. */
const MULTIPART_TOO_LARGE = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * Reads the one file of a multipart upload, refusing anything over the size limit (413). Every other
 * failure while reading the body is the sender's: no or a wrong boundary ("Boundary not found"), a body
 * cut short ("Unexpected end of form", "Premature close", an aborted connection), malformed part
 * headers. Those are 400 bad_request, never a 500; the parser's own message goes to the log only.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Send the image as multipart/form-data in the field "file"');
  const malformed = () =>
    new AppError(
      'bad_request',
      'The upload is malformed or incomplete: send multipart/form-data with one file in the field "file"',
    );
  let data: Buffer | undefined;
  try {
    // A sender that went away before this handler ran (e.g. while the session was being checked) left a body
    // that will never end: the parser would wait for it forever, so stop here. Once parsing has started, a
    // closing connection surfaces as "Premature close" below.
    const raw = request.raw;
    if (!raw.complete && (raw.destroyed || raw.readableAborted)) {
      // Logged as every malformed upload is (the error and one message), so one search finds them all.
      request.log.info(
        { err: new Error('The connection closed before the upload was read') },
        'malformed multipart upload',
      );
      throw malformed();
    }
    const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
    data = part && (await wholeFile(part));
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && MULTIPART_TOO_LARGE.has(code)) {
      throw new AppError(
        'payload_too_large',
        code === 'FST_REQ_FILE_TOO_LARGE'
          ? 'The image is larger than 5 MB'
          : 'Too many parts: send one file in the field "file"',
      );
    }
    request.log.info({ err }, 'malformed multipart upload');
    throw malformed();
  }
  if (!data)
    throw new AppError('validation_failed', 'No file in the upload', [{ path: 'body.file', message: 'Required' }]);
  return data;
}

/**
 * What the users' routes are built from (compose.ts): the password change from the account flows (users
 * do not import them, they import users), the file store for the images, and the job runner that sends
 * the e-mail-changed notice after its commit.
 */
export interface UsersRoutesNeeds extends UsersNeeds {
  changePassword(
    app: AppInstance,
    caller: { id: number; sessionId: string },
    body: z.output<typeof changePasswordBodySchema>,
    client: ClientInfo,
  ): Promise<AuthReply>;
}

/** The signed-in user's own account: profile, role, images, password, export and deletion. */
export const usersRoutes =
  ({ changePassword, ...needs }: UsersRoutesNeeds) =>
  async (app: AppInstance): Promise<void> => {
    // Multipart parsing only inside this plugin's scope: other routes keep JSON-only bodies.
    await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    profileRoutes(app, needs);
    passwordRoutes(app, needs, changePassword);
    imageRoutes(app, needs);
    accountDataRoutes(app, needs);
  };

/** The user's own record: read, updated, and the view switched. */
function profileRoutes(app: AppInstance, needs: UsersNeeds): void {
  app.get(
    '/api/me',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: 'The signed-in user, all fields',
        security,
        response: { 200: userSchema, 401: errorBodySchema },
      },
    },
    async (request) => getMe(app, currentUser(request).id),
  );

  app.patch(
    '/api/me',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: 'Update personal info and privacy settings',
        description:
          'A new email needs a proof of the owner: currentPassword (400 wrong_password when wrong), or without it a proof given on this session within 10 minutes ' +
          '(POST /api/me/reauth, or a sign-in; else 403 reauth_required). The old address and the verified phone are told of the change (decision 183). ' +
          'Names and bio are stored in NFC without invisible code points; a fullName with nothing visible is 400 validation_failed; a protected title ' +
          "(全国通訳案内士, licensed guide, … in any disguise) the user's verified licence does not cover is 400 protected_title (decision 099). " +
          'A name, nickname, bio or city with contact details in any disguise is 400 contact_details_not_allowed, the field named in ' +
          "the writer's language (decision 205).",
        security,
        body: updateProfileBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => updateMe(app, needs, currentUser(request), request.body),
  );

  app.patch(
    '/api/me/role',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: 'Switch between the traveler and guide views',
        description:
          'Only traveler or guide; the guide view only for users whose guideStatus allows the switch (403 forbidden otherwise).',
        security,
        body: switchRoleBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => switchRole(app, currentUser(request).id, request.body.role),
  );
}

/** A new password, and the account's ways in told of it. */
function passwordRoutes(app: AppInstance, needs: UsersNeeds, changePassword: UsersRoutesNeeds['changePassword']): void {
  app.put(
    '/api/me/password',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: 'Change the password',
        description:
          'Ends every session of the account and returns a fresh token for this device. A wrong current password is 400 wrong_password. Without currentPassword ' +
          '(an account made by phone or WeChat has none) it needs a proof given on this session within 10 minutes (POST /api/me/reauth, or a sign-in): else 403 reauth_required. ' +
          "The account's e-mail address and verified phone are told (decision 183).",
        security,
        body: changePasswordBodySchema,
        response: { 200: authReplySchema, ...errors },
      },
    },
    async (request) => {
      const before = await findUserById(app.ctx.database.db, currentUser(request).id);
      const reply = await changePassword(app, currentUser(request), request.body, clientInfo(request));
      if (before) await needs.wayIns.tell(before, 'password');
      return reply;
    },
  );
}

/** The avatar and the background image: set and removed. */
function imageRoutes(app: AppInstance, needs: UsersNeeds): void {
  for (const [path, slot, what, box] of [
    ['/api/me/avatar', 'avatar', 'avatar', AVATAR_BOX],
    ['/api/me/background-image', 'background', 'background image', BACKGROUND_BOX],
  ] as [string, ImageSlot, string, ImageBox][]) {
    app.post(
      path,
      {
        onRequest: app.requireAuth,
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags: ['me'],
          summary: `Upload a new ${what}`,
          description:
            `multipart/form-data with one field "file": JPEG, PNG, WEBP or GIF (checked by content and decoded), at most 5 MB and ${MAX_INPUT_PIXELS / 1_000_000} megapixels. ` +
            `The image is re-encoded to WebP without any metadata (no EXIF, GPS position, XMP or ICC profile), turned upright by its EXIF orientation, ` +
            `scaled down to fit ${box.width}×${box.height} and, when animated, reduced to its first frame. ` +
            'A file that cannot be decoded is 400 invalid_file_type; a malformed multipart body is 400 bad_request; over 5 MB is 413 payload_too_large.' +
            " A picture holding a QR code is 400 qr_code_not_allowed, said in the uploader's language (decision 205).",
          consumes: ['multipart/form-data'],
          security,
          response: {
            200: userSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            413: errorBodySchema,
            415: errorBodySchema,
          },
        },
      },
      async (request) => setImage(app, needs, currentUser(request).id, slot, await readUpload(request)),
    );
    app.delete(
      path,
      {
        onRequest: app.requireAuth,
        schema: {
          tags: ['me'],
          summary: `Remove the ${what}`,
          security,
          response: { 200: userSchema, 401: errorBodySchema },
        },
      },
      async (request) => removeImage(app, needs, currentUser(request).id, slot),
    );
  }
}

/** The account's data exported, and the account deleted. */
function accountDataRoutes(app: AppInstance, needs: UsersNeeds): void {
  app.get(
    '/api/me/export',
    {
      onRequest: app.requireAuth,
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['me'],
        summary: 'Download everything held about the signed-in user (JSON file)',
        security,
        response: { 200: z.record(z.string(), z.unknown()), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const data = await exportData(app, needs, currentUser(request).id);
      const day = data.exportedAt.slice(0, 10);
      return reply.header('content-disposition', `attachment; filename="tabi-guides-data-${day}.json"`).send(data);
    },
  );

  app.delete(
    '/api/me',
    {
      onRequest: app.requireAuth,
      // As POST /api/me/reauth: a guesser gets a few tries at the password, and each code has only 5.
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['me'],
        summary: 'Delete the account',
        description:
          'Needs the username typed as `confirmation` and a proof of the owner (decision 185): `password`; or `code`, sent by POST /api/me/delete/code to the verified phone; ' +
          "or, for an account without a password, neither — the session's own proof within 10 minutes (a WeChat sign-in just now), else 403 reauth_required. " +
          'An account with a password giving neither: 400 deletion_proof_required; a password for an account without one: 400 password_not_set; a wrong password 400 wrong_password; ' +
          'a code without a verified phone 409 no_verified_phone; a wrong code 400 invalid_code, a spent one 400 code_expired. Personal data is anonymized, images removed, every session ends.',
        security,
        body: deleteAccountBodySchema,
        response: { 204: z.null(), ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteAccount(app, needs, currentUser(request), request.body);
      return reply.status(204).send(null);
    },
  );
}

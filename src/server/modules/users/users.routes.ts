import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { changePasswordBodySchema, deleteAccountBodySchema, IMAGE_MAX_BYTES, switchRoleBodySchema, updateProfileBodySchema } from '../../../shared/schemas/auth';
import { errorBodySchema } from '../../../shared/schemas/common';
import { authReplySchema, userSchema } from '../../../shared/schemas/user';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { changePassword, clientInfo, currentUser } from '../auth/index';
import { deleteAccount, exportData, getMe, removeImage, setImage, switchRole, updateMe, type ImageSlot } from './users.service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };

/** Reads the one file of a multipart upload, refusing anything over the size limit. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the image as multipart/form-data in the field "file"');
  const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError('validation_failed', 'No file in the upload', [{ path: 'body.file', message: 'Required' }]);
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', 'The image is larger than 5 MB');
    throw err;
  }
}

/** The signed-in user's own account: profile, role, images, password, export and deletion. */
export async function usersRoutes(app: AppInstance): Promise<void> {
  // Multipart parsing only inside this plugin's scope: other routes keep JSON-only bodies.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get(
    '/api/me',
    { preHandler: app.requireAuth, schema: { tags: ['me'], summary: 'The signed-in user (SPEC §3 User full)', security, response: { 200: userSchema, 401: errorBodySchema } } },
    async (request) => getMe(app, currentUser(request).id),
  );

  app.patch(
    '/api/me',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: 'Update personal info and privacy settings',
        description: 'A new email needs currentPassword (400 validation_failed without it, 400 wrong_password when wrong); the old address is told of the change.',
        security,
        body: updateProfileBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => updateMe(app, currentUser(request).id, request.body),
  );

  app.patch(
    '/api/me/role',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: 'Switch between the traveler and guide views (SPEC §7)',
        description: 'Only traveler or guide; the guide view only for users whose guideStatus allows the switch (403 forbidden otherwise).',
        security,
        body: switchRoleBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => switchRole(app, currentUser(request).id, request.body.role),
  );

  app.put(
    '/api/me/password',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: 'Change the password',
        description: 'Ends every session of the account and returns a fresh token for this device. A wrong current password is 400 wrong_password.',
        security,
        body: changePasswordBodySchema,
        response: { 200: authReplySchema, ...errors },
      },
    },
    async (request) => changePassword(app, currentUser(request).id, request.body, clientInfo(request)),
  );

  for (const [path, slot, what] of [
    ['/api/me/avatar', 'avatar', 'avatar'],
    ['/api/me/background-image', 'background', 'background image'],
  ] as [string, ImageSlot, string][]) {
    app.post(
      path,
      {
        preHandler: app.requireAuth,
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags: ['me'],
          summary: `Upload a new ${what}`,
          description: 'multipart/form-data with one field "file": JPEG, PNG, WEBP or GIF (checked by content), at most 5 MB.',
          consumes: ['multipart/form-data'],
          security,
          response: { 200: userSchema, 400: errorBodySchema, 401: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema },
        },
      },
      async (request) => setImage(app, currentUser(request).id, slot, await readUpload(request)),
    );
    app.delete(
      path,
      { preHandler: app.requireAuth, schema: { tags: ['me'], summary: `Remove the ${what}`, security, response: { 200: userSchema, 401: errorBodySchema } } },
      async (request) => removeImage(app, currentUser(request).id, slot),
    );
  }

  app.get(
    '/api/me/export',
    {
      preHandler: app.requireAuth,
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['me'],
        summary: 'Download everything held about the signed-in user (JSON file)',
        security,
        response: { 200: z.record(z.string(), z.unknown()), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const data = await exportData(app, currentUser(request).id);
      const day = data.exportedAt.slice(0, 10);
      return reply.header('content-disposition', `attachment; filename="tabi-guides-data-${day}.json"`).send(data);
    },
  );

  app.delete(
    '/api/me',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['me'],
        summary: 'Delete the account',
        description: 'Needs the password and the username typed as confirmation. Personal data is anonymized, images removed, every session ends.',
        security,
        body: deleteAccountBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAccount(app, currentUser(request).id, request.body);
      return reply.status(204).send(null);
    },
  );
}

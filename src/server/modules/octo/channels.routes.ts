import {
  channelIdParamsSchema,
  channelListSchema,
  channelSchema,
  channelWithKeySchema,
  createChannelBodySchema,
} from '../../../shared/schemas/channels';
import { errorBodySchema } from '../../../shared/schemas/common';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { Channels } from './channels.service';

const security = [{ bearerAuth: [] }];

/** The admin console's resellers of the OCTO API (decision 201): create, list, rotate a key, revoke it. */
export function channelRoutes(app: AppInstance, channels: Channels): void {
  const admin = { onRequest: app.requireAdmin };
  app.post(
    '/api/admin/channels',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: a new reseller of the OCTO API, with its key shown this once (stored only as its SHA-256)',
        security,
        body: createChannelBodySchema,
        response: { 201: channelWithKeySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await channels.create(currentUser(request), request.body)),
  );
  app.get(
    '/api/admin/channels',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: the resellers, newest first, each key shown only by its first characters',
        security,
        response: { 200: channelListSchema },
      },
    },
    async () => channels.list(),
  );
  app.post(
    '/api/admin/channels/:id/rotate',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Admin: a new key for a reseller, shown this once; the old key stops working at once (404 when revoked)',
        security,
        params: channelIdParamsSchema,
        response: { 200: channelWithKeySchema, 404: errorBodySchema },
      },
    },
    async (request) => channels.rotate(currentUser(request), request.params.id),
  );
  app.delete(
    '/api/admin/channels/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "Admin: revoke a reseller's key; it stops working at once (404 when unknown or revoked already)",
        security,
        params: channelIdParamsSchema,
        response: { 200: channelSchema, 404: errorBodySchema },
      },
    },
    async (request) => channels.revoke(currentUser(request), request.params.id),
  );
}

import { errorBodySchema } from '../../../shared/schemas/common';
import { channelIdParamsSchema } from '../../../shared/schemas/channels';
import {
  channelWebhookParamsSchema,
  channelWebhooksSchema,
  octoWebhookBodySchema,
  octoWebhookSchema,
  octoWebhookWithSecretSchema,
} from '../../../shared/schemas/octo-webhooks';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { AdminWebhooks } from './webhooks-admin';

const security = [{ bearerAuth: [] }];
const tags = ['admin'];

/** The admin console's hand on a reseller's webhooks (decision 203): list, add (its secret shown once), delete. */
export function webhooksAdminRoutes(app: AppInstance, admin: AdminWebhooks): void {
  const onRequest = app.requireAdmin;
  app.get(
    '/api/admin/channels/:id/webhooks',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Admin: a reseller's webhook URLs, oldest first (never their secrets); 404 when revoked",
        params: channelIdParamsSchema,
        response: { 200: channelWebhooksSchema, 404: errorBodySchema },
      },
    },
    async (request) => admin.list(request.params.id),
  );
  app.post(
    '/api/admin/channels/:id/webhooks',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Admin: add a webhook for a reseller, its secret shown this once (400 INVALID_WEBHOOK_URL for a URL we will not call)',
        params: channelIdParamsSchema,
        body: octoWebhookBodySchema,
        response: { 201: octoWebhookWithSecretSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await admin.register(currentUser(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/admin/channels/:id/webhooks/:webhookId',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Admin: delete a reseller's webhook; its queued deliveries lapse (404 when not that reseller's)",
        params: channelWebhookParamsSchema,
        response: { 200: octoWebhookSchema, 404: errorBodySchema },
      },
    },
    async (request) => admin.remove(currentUser(request), request.params.id, request.params.webhookId),
  );
}

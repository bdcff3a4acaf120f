import { z } from 'zod';
import {
  octoWebhookBodySchema,
  octoWebhookParamsSchema,
  octoWebhookSchema,
  octoWebhookWithSecretSchema,
} from '../../../shared/schemas/octo-webhooks';
import type { AppInstance } from '../../lib/types';
import { octoErrorReplies } from './octo-errors';
import { callerOf, config, security, tags } from './octo-http';
import type { OctoWebhooks } from './webhooks.service';

/**
 * OCTO's webhooks capability (decision 203), in the OCTO scope of octo.routes.ts (its key check and its error
 * shape): a reseller registers, lists and deletes its own webhook URLs.
 */
export function webhooksRoutes(octo: AppInstance, webhooks: OctoWebhooks): void {
  octo.get(
    '/webhooks',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'OCTO webhooks: your registered URLs, oldest first (never their secrets)',
        response: { 200: z.array(octoWebhookSchema), ...octoErrorReplies },
      },
    },
    async (request) => webhooks.list(callerOf(request)),
  );
  octo.post(
    '/webhooks',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'OCTO webhooks: register a URL for booking_update. Its secret is answered this once; every delivery is POSTed signed with it (Octo-Signature: sha256=<hex>). 400 INVALID_WEBHOOK_URL for a URL we will not call',
        body: octoWebhookBodySchema,
        response: { 200: octoWebhookWithSecretSchema, ...octoErrorReplies },
      },
    },
    async (request) => webhooks.register(callerOf(request), request.body),
  );
  octo.delete(
    '/webhooks/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'OCTO webhooks: delete one of yours; its queued deliveries lapse. 400 INVALID_WEBHOOK_ID when it is not yours',
        params: octoWebhookParamsSchema,
        response: { 200: octoWebhookSchema, ...octoErrorReplies },
      },
    },
    async (request) => webhooks.remove(callerOf(request), request.params.id),
  );
}

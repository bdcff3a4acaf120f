import { z } from 'zod';
import { idParam } from './common';

/**
 * OCTO's webhooks capability (`octo/webhooks`, decision 203) at /api/octo/webhooks: a reseller registers a URL,
 * and every change we make to one of its bookings is POSTed there, signed with the webhook's own secret.
 */

/** The events a reseller may register: OCTO's `booking_update`, the one we send. */
export const OCTO_WEBHOOK_EVENTS = ['booking_update'] as const;

export const octoWebhookBodySchema = z.object({
  event: z.enum(OCTO_WEBHOOK_EVENTS).describe('booking_update: every change we make to one of your bookings'),
  url: z
    .string()
    .max(2000)
    .describe('https (http outside production); must resolve to a public address; no credentials in it')
    .meta({ example: 'https://reseller.example/octo/hooks/tabi' }),
  retryOnError: z
    .boolean()
    .default(true)
    .describe(
      'Try a failed delivery again with backoff (8 attempts, the last about an hour after the first); true by default',
    ),
});
export type OctoWebhookBody = z.infer<typeof octoWebhookBodySchema>;

export const octoWebhookSchema = z.object({
  id: z.string().describe('The webhook’s id, a UUID').meta({ example: '5c7d6dbb-cd4c-48fd-9709-0ebaa14d7a00' }),
  event: z.enum(OCTO_WEBHOOK_EVENTS),
  url: z.string(),
  retryOnError: z.boolean(),
  useContactLanguage: z.boolean().describe('Always false: the booking is sent as GET /bookings/{uuid} answers it'),
  headers: z.record(z.string(), z.string()).describe('Always empty: every delivery is signed instead'),
  capabilities: z.array(z.string()),
});
export type OctoWebhook = z.infer<typeof octoWebhookSchema>;

export const octoWebhookWithSecretSchema = octoWebhookSchema.extend({
  secret: z
    .string()
    .describe(
      'Shown this once: the key of the HMAC-SHA256 in each delivery’s Octo-Signature header (sha256=<hex of the raw body’s MAC>)',
    )
    .meta({ example: 'whsec_3q2-7wIhXo0lT3k1v3QvXh0f8r0J1mJxj4b6tZ3yW9c' }),
});
export type OctoWebhookWithSecret = z.infer<typeof octoWebhookWithSecretSchema>;

export const octoWebhookParamsSchema = z.object({ id: z.string().max(100) });

/** The admin console's view of a reseller's webhooks (`/api/admin/channels/{id}/webhooks`). */
export const channelWebhooksSchema = z.object({ webhooks: z.array(octoWebhookSchema) });
export const channelWebhookParamsSchema = z.object({ id: idParam, webhookId: z.string().max(100) });

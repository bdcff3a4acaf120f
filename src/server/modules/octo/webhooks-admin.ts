import type { OctoWebhook, OctoWebhookBody, OctoWebhookWithSecret } from '../../../shared/schemas/octo-webhooks';
import { inTransaction, type Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { recordAdminAction } from '../audit/index';
import type { AuthUser } from '../auth/index';
import { isLiveChannel } from './webhooks.repository';
import type { OctoWebhooks } from './webhooks.service';

/**
 * The admin console's hand on a reseller's webhooks (decision 203): the same registration, list and delete the
 * reseller has through the OCTO API, for a reseller that asks us to set it up; each change audited with the
 * URL, never the secret. Another reseller's webhook, or a revoked reseller, is 404.
 */
export class AdminWebhooks {
  constructor(private readonly deps: { db: Database; webhooks: OctoWebhooks }) {}

  async list(channelId: number): Promise<{ webhooks: OctoWebhook[] }> {
    if (!(await isLiveChannel(this.deps.db, channelId))) throw notFound('Reseller');
    return { webhooks: await this.deps.webhooks.listOf(channelId) };
  }

  async register(admin: AuthUser, channelId: number, body: OctoWebhookBody): Promise<OctoWebhookWithSecret> {
    // The URL's check asks DNS: before the transaction, which it would otherwise hold open.
    const url = await this.deps.webhooks.checkedUrl(body.url);
    return inTransaction(this.deps.db, async (db) => {
      if (!(await isLiveChannel(db, channelId))) throw notFound('Reseller');
      const made = await this.deps.webhooks.create(db, channelId, url, body);
      await recordAdminAction(db, {
        adminUserId: admin.id,
        action: 'channel.webhook_add',
        entityType: 'channel',
        entityId: channelId,
        after: { webhookId: made.id, url: made.url },
      });
      return made;
    });
  }

  async remove(admin: AuthUser, channelId: number, id: string): Promise<OctoWebhook> {
    const removed = await inTransaction(this.deps.db, async (db) => {
      const row = await this.deps.webhooks.removeOf(db, channelId, id);
      if (row)
        await recordAdminAction(db, {
          adminUserId: admin.id,
          action: 'channel.webhook_delete',
          entityType: 'channel',
          entityId: channelId,
          before: { webhookId: row.id, url: row.url },
        });
      return row;
    });
    if (!removed) throw notFound('Webhook');
    return removed;
  }
}

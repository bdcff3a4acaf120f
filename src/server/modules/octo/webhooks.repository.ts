import { and, asc, count, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { channels, octoWebhooks } from '../../db/schema/index';

export type WebhookRow = typeof octoWebhooks.$inferSelect;

export async function insertWebhook(
  db: Database,
  values: { channelId: number; event: string; url: string; secretSealed: string; retryOnError: boolean },
): Promise<WebhookRow> {
  const [row] = await db.insert(octoWebhooks).values(values).returning();
  return row!;
}

/** A live reseller's webhooks, oldest first: none once its key is revoked. */
export async function webhooksOfChannel(db: Database, channelId: number): Promise<WebhookRow[]> {
  return db
    .select(getTableColumns(octoWebhooks))
    .from(octoWebhooks)
    .innerJoin(channels, eq(channels.id, octoWebhooks.channelId))
    .where(and(eq(octoWebhooks.channelId, channelId), isNull(channels.revokedAt)))
    .orderBy(asc(octoWebhooks.createdAt), asc(octoWebhooks.id));
}

export async function countWebhooks(db: Database, channelId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(octoWebhooks).where(eq(octoWebhooks.channelId, channelId));
  return row?.n ?? 0;
}

export async function webhookById(db: Database, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(octoWebhooks).where(eq(octoWebhooks.id, id));
  return row;
}

/** Deletes the reseller's own webhook; undefined when it has none of that id. */
export async function deleteWebhook(db: Database, channelId: number, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db
    .delete(octoWebhooks)
    .where(and(eq(octoWebhooks.id, id), eq(octoWebhooks.channelId, channelId)))
    .returning();
  return row;
}

/** Whether a reseller of that id exists with a live key: the admin adds and lists webhooks only for those. */
export async function isLiveChannel(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.id, id), isNull(channels.revokedAt)));
  return row !== undefined;
}

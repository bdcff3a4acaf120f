import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { channels } from '../../db/schema/index';

export type ChannelRow = typeof channels.$inferSelect;

export async function insertChannel(
  db: Database,
  values: { name: string; commissionPercent: number; keyHash: string; keyPrefix: string },
): Promise<ChannelRow> {
  const [row] = await db.insert(channels).values(values).returning();
  return row!;
}

export async function listChannels(db: Database): Promise<ChannelRow[]> {
  return db.select().from(channels).orderBy(desc(channels.createdAt), desc(channels.id));
}

/** The reseller a key's hash names, while its key is not revoked. */
export async function liveChannelByKeyHash(db: Database, keyHash: string): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.keyHash, keyHash), isNull(channels.revokedAt)));
  return row;
}

/** Revokes a live key; undefined when there is no such reseller or it was revoked already. */
export async function revokeChannel(db: Database, id: number, at: Date): Promise<ChannelRow | undefined> {
  const [row] = await db
    .update(channels)
    .set({ revokedAt: at })
    .where(and(eq(channels.id, id), isNull(channels.revokedAt)))
    .returning();
  return row;
}

/** Replaces a live reseller's key; undefined when there is no such reseller or its key is revoked. */
export async function rotateChannelKey(
  db: Database,
  id: number,
  key: { keyHash: string; keyPrefix: string },
  at: Date,
): Promise<ChannelRow | undefined> {
  const [row] = await db
    .update(channels)
    .set({ ...key, keyRotatedAt: at })
    .where(and(eq(channels.id, id), isNull(channels.revokedAt)))
    .returning();
  return row;
}

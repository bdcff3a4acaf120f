import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { wechatIdentities, wechatSteps } from '../../db/schema/index';

export type WeChatIdentityRow = typeof wechatIdentities.$inferSelect;
export type WeChatStepRow = typeof wechatSteps.$inferSelect;
type NewStep = Omit<typeof wechatSteps.$inferInsert, 'id' | 'usedAt' | 'createdAt'>;

/** A day after they lapsed, steps nobody finished are dropped, by the next login that starts. */
const KEEP_LAPSED_MS = 86_400_000;

export async function insertStep(db: Database, values: NewStep): Promise<void> {
  await db.delete(wechatSteps).where(lt(wechatSteps.expiresAt, new Date(Date.now() - KEEP_LAPSED_MS)));
  await db.insert(wechatSteps).values(values);
}

/** Uses a step once: only a live, unused step of that kind is marked used, atomically (two tabs cannot both use it). */
export async function consumeStep(
  db: Database,
  kind: WeChatStepRow['kind'],
  tokenHash: string,
): Promise<WeChatStepRow | undefined> {
  const [row] = await db
    .update(wechatSteps)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(wechatSteps.kind, kind),
        eq(wechatSteps.tokenHash, tokenHash),
        isNull(wechatSteps.usedAt),
        gt(wechatSteps.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

/** The account a WeChat person signs in to: by unionid when WeChat gave one, else by this app's openid. */
export async function findIdentity(
  db: Database,
  ids: { openid: string; unionid: string | null },
): Promise<WeChatIdentityRow | undefined> {
  const rows = await db
    .select()
    .from(wechatIdentities)
    .where(
      ids.unionid
        ? or(eq(wechatIdentities.unionid, ids.unionid), eq(wechatIdentities.openid, ids.openid))
        : eq(wechatIdentities.openid, ids.openid),
    );
  return rows.find((r) => ids.unionid !== null && r.unionid === ids.unionid) ?? rows[0];
}

export async function identityOfUser(db: Database, userId: number): Promise<WeChatIdentityRow | undefined> {
  const [row] = await db.select().from(wechatIdentities).where(eq(wechatIdentities.userId, userId));
  return row;
}

export async function insertIdentity(
  db: Database,
  values: { userId: number; openid: string; unionid: string | null; nickname: string | null },
): Promise<WeChatIdentityRow> {
  const [row] = await db.insert(wechatIdentities).values(values).returning();
  return row!;
}

export async function deleteIdentityOfUser(db: Database, userId: number): Promise<boolean> {
  const rows = await db
    .delete(wechatIdentities)
    .where(eq(wechatIdentities.userId, userId))
    .returning({ id: wechatIdentities.id });
  return rows.length > 0;
}

import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/index';

export async function insertResetToken(
  db: Database,
  values: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Uses a reset token once: only a live, unused token is marked used, atomically. Returns its user. */
export async function consumeResetToken(db: Database, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** After a reset, every other outstanding link of the user stops working too. */
export async function invalidateResetTokens(db: Database, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** How many reset links the user was sent since `since` (to stop mail-bombing one address). */
export async function countRecentResetTokens(db: Database, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return Number(row?.n ?? 0);
}

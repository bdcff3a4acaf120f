import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  passwordResetTokens,
  payoutAccounts,
  sessions,
  supportMessages,
  supportThreads,
  users,
  wechatIdentities,
} from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** Login accepts the username or the e-mail address, both case-insensitively. */
export async function findUserByLogin(db: Database, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(isNull(users.deletedAt), or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`)),
    );
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), sql`lower(${users.email}) = lower(${email})`));
  return row;
}

/** The account holding a verified number (decision 147); a deleted account's number was cleared. */
export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), eq(users.phone, phone)));
  return row;
}

export async function usernameExists(db: Database, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return rows.length > 0;
}

export async function emailOwner(db: Database, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row?.id;
}

export async function insertUser(db: Database, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Database, id: number, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

/** Everything the product holds about one user, apart from the user row itself (data export). */
export async function userRelatedData(db: Database, userId: number) {
  const [sessionRows, resetRows, threads, wechat] = await Promise.all([
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select({
        createdAt: passwordResetTokens.createdAt,
        expiresAt: passwordResetTokens.expiresAt,
        usedAt: passwordResetTokens.usedAt,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId))
      .orderBy(asc(passwordResetTokens.createdAt)),
    db
      .select({
        id: supportThreads.id,
        topic: supportThreads.topic,
        status: supportThreads.status,
        contactName: supportThreads.contactName,
        contactEmail: supportThreads.contactEmail,
        createdAt: supportThreads.createdAt,
      })
      .from(supportThreads)
      .where(eq(supportThreads.userId, userId))
      .orderBy(asc(supportThreads.id)),
    // The linked WeChat's ids are personal data too (decision 148).
    db
      .select({
        openid: wechatIdentities.openid,
        unionid: wechatIdentities.unionid,
        nickname: wechatIdentities.nickname,
        linkedAt: wechatIdentities.createdAt,
      })
      .from(wechatIdentities)
      .where(eq(wechatIdentities.userId, userId)),
  ]);
  const messages = threads.length
    ? await db
        .select({
          threadId: supportMessages.threadId,
          sender: supportMessages.sender,
          body: supportMessages.body,
          createdAt: supportMessages.createdAt,
        })
        .from(supportMessages)
        .innerJoin(supportThreads, eq(supportThreads.id, supportMessages.threadId))
        .where(eq(supportThreads.userId, userId))
        .orderBy(asc(supportMessages.id))
    : [];
  return {
    sessions: sessionRows,
    passwordResets: resetRows,
    wechat: wechat[0] ?? null,
    supportThreads: threads.map((t) => ({
      ...t,
      messages: messages.filter((m) => m.threadId === t.id).map(({ threadId: _, ...m }) => m),
    })),
  };
}

/**
 * Account deletion: the row stays (bookings and the ledger keep their counterparty) but every
 * personal field is replaced or cleared, and the login can never work again.
 */
export async function anonymizeUser(db: Database, userId: number, unusableHash: string): Promise<void> {
  await db
    .update(users)
    .set({
      username: `deleted_${userId}`,
      email: `deleted_${userId}@deleted.invalid`,
      passwordHash: unusableHash,
      // The number is personal data, and freed for whoever holds it next (decision 147).
      phone: null,
      phoneVerifiedAt: null,
      fullName: 'Deleted user',
      nickname: null,
      profilePicture: null,
      backgroundImage: null,
      bio: null,
      gender: null,
      age: null,
      city: null,
      mbti: null,
      locale: null,
      emailUpdates: false,
      readReceiptsEnabled: true,
      role: 'traveler',
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  // The WeChat link goes with the account: that WeChat may sign up anew (decision 148).
  await db.delete(wechatIdentities).where(eq(wechatIdentities.userId, userId));
  // A saved bank or wallet account is personal data; requested payouts keep their own copy (decision 172).
  await db.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  await db.update(sessions).set({ userAgent: null, ip: null }).where(eq(sessions.userId, userId));
  await db
    .update(supportThreads)
    .set({ contactName: null, contactEmail: null })
    .where(eq(supportThreads.userId, userId));
}

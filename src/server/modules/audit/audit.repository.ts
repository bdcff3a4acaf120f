import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { auditQuerySchema } from '../../../shared/schemas/audit';
import { inTransaction, type Database } from '../../db/client';
import { adminAuditLog, users } from '../../db/schema/index';

export interface AdminAction {
  adminUserId: number;
  action: string;
  entityType: string;
  entityId: number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string | null;
}

/**
 * Writes one audit entry. Call it with the transaction of the action it records, so both commit
 * together or neither does.
 */
export async function recordAdminAction(db: Database, entry: AdminAction): Promise<void> {
  await db
    .insert(adminAuditLog)
    .values({ ...entry, before: entry.before ?? null, after: entry.after ?? null, note: entry.note ?? null });
}

/**
 * Runs an admin change and writes its audit entry in one transaction. `change` returns undefined
 * when the record had moved on (nothing changed): no entry is written then.
 */
export async function auditedChange<T>(
  db: Database,
  change: (tx: Database) => Promise<T | undefined>,
  entry: (result: T) => AdminAction,
): Promise<T | undefined> {
  return inTransaction(db, async (t) => {
    const result = await change(t);
    if (result !== undefined) await recordAdminAction(t, entry(result));
    return result;
  });
}

/** Newest first, one page, filtered; the admin's username in the same statement. */
export async function listAdminActions(db: Database, q: z.output<typeof auditQuerySchema>) {
  const where: SQL[] = [];
  if (q.entityType) where.push(eq(adminAuditLog.entityType, q.entityType));
  if (q.entityId) where.push(eq(adminAuditLog.entityId, q.entityId));
  if (q.adminUserId) where.push(eq(adminAuditLog.adminUserId, q.adminUserId));
  if (q.before) where.push(lt(adminAuditLog.id, q.before));
  return db
    .select({ entry: adminAuditLog, username: users.username })
    .from(adminAuditLog)
    .innerJoin(users, eq(users.id, adminAuditLog.adminUserId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(q.limit + 1);
}

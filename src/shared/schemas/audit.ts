import { z } from 'zod';

/** An entry of the admin audit log: read-only, newest first. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  admin: z.object({ id: z.number().int(), username: z.string() }),
  action: z.string(),
  entityType: z.string(),
  entityId: z.number().int(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 50;

export const auditQuerySchema = z.object({
  entityType: z.string().trim().min(1).max(40).optional(),
  entityId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  adminUserId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** The id of the last entry of the previous page: entries older than it. */
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
});

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
});

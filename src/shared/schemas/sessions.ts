import { z } from 'zod';

/** One live session of the account, as the sessions page lists it (decision 185). */
export const accountSessionSchema = z.object({
  id: z.string().uuid(),
  createdAt: z.string(),
  /** When it was last used, to within a few minutes; null for a session not used since before this was kept. */
  lastSeenAt: z.string().nullable(),
  /** The browser's own description of itself, as it signed in; the page names the device from it (`describeDevice`). */
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const sessionIdParamsSchema = z.object({ id: z.string().uuid() });

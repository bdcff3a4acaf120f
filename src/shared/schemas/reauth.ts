import { z } from 'zod';

/**
 * A fresh proof before a new way in (decision 183): the account's password, or the code texted to its
 * verified phone by POST /api/me/reauth/code. Exactly one of the two.
 */
export const reauthBodySchema = z.union([
  z.object({ password: z.string().min(1).max(200) }).strict(),
  z.object({ code: z.string().trim().min(1).max(16) }).strict(),
]);

/** Until when the session may add or change a way in. */
export const reauthReplySchema = z.object({ provenUntil: z.string() });

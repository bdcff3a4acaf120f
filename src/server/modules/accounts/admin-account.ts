import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { usernameSchema } from '../../../shared/schemas/auth';
import { inTransaction, type Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { emailOwner, findUserByLogin, insertUser, updateUser, usernameExists } from '../users/index';
import { RESET_TOKEN_TTL_MS, sha256 } from './auth.service';
import { hashPassword, insertResetToken } from '../auth/index';

export const adminAccountInput = z.object({
  username: usernameSchema,
  email: z.string().trim().toLowerCase().email(),
  fullName: z.string().trim().min(1).max(100).default('Tabi Admin'),
});

/**
 * `npm run admin:create`: an admin account whose password nobody knows yet. The person
 * sets it through the printed reset link (one use, one hour), so no password passes through a
 * terminal, shell history or log. `promote` makes an existing account (by username) an admin instead.
 */
export async function createAdminAccount(
  db: Database,
  input: z.input<typeof adminAccountInput>,
  appUrl: string,
): Promise<{ userId: number; resetLink: string }> {
  const { username, email, fullName } = adminAccountInput.parse(input);
  if (await usernameExists(db, username))
    throw new AppError(
      'username_taken',
      `The username ${username} is taken (use --promote to make that account an admin)`,
    );
  if (await emailOwner(db, email)) throw new AppError('email_taken', `An account already uses ${email}`);
  const token = randomBytes(32).toString('base64url');
  const userId = await inTransaction(db, async (t) => {
    const user = await insertUser(t, {
      username,
      email,
      fullName,
      isAdmin: true,
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    });
    await insertResetToken(t, {
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    return user.id;
  });
  return { userId, resetLink: `${appUrl}/reset-password?token=${token}` };
}

/** Makes an existing account an admin; its password stays as it is. */
export async function promoteToAdmin(db: Database, username: string): Promise<number> {
  const user = await findUserByLogin(db, username);
  if (!user) throw new AppError('not_found', `No account ${username}`);
  await updateUser(db, user.id, { isAdmin: true });
  return user.id;
}

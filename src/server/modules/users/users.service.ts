import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { deleteAccountBodySchema, updateProfileBodySchema } from '../../../shared/schemas/auth';
import type { User, UserRole } from '../../../shared/schemas/user';
import { computeGuideStatus } from '../../../shared/rules/guide-status';
import { pgErrorCode, type Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { hashPassword, revokeAllSessions, verifyPassword } from '../auth/index';
import { deleteMailsTo, emailChangedMail, mailsTo, queueMails } from '../mail/index';
import { AVATAR_BOX, BACKGROUND_BOX, keyFromPublicUrl, publicUrl, storeImage } from '../../storage/index';
import { applicationStatusOf } from '../guide-applications/index';
import { toUserDto } from './user-dto';
import { anonymizeUser, emailOwner, findUserById, updateUser, userRelatedData, type UserRow } from './users.repository';

async function requireUser(db: Database, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', 'Authentication required');
  return user;
}

export async function getMe(app: AppInstance, userId: number): Promise<User> {
  const db = app.ctx.database.db;
  const [user, application] = await Promise.all([requireUser(db, userId), applicationStatusOf(db, userId)]);
  return toUserDto(user, application);
}

/**
 * Saves profile fields. A new e-mail address needs the current password (whoever holds only a
 * session must not be able to move the account, then reset its password), and the old address is
 * told of the change.
 */
export async function updateMe(app: AppInstance, userId: number, body: z.output<typeof updateProfileBodySchema>): Promise<User> {
  const db = app.ctx.database.db;
  const { currentPassword, ...fields } = body;
  const user = await requireUser(db, userId);
  const newEmail = fields.email !== undefined && fields.email.toLowerCase() !== user.email.toLowerCase() ? fields.email : undefined;
  if (newEmail !== undefined) {
    if (!currentPassword) {
      throw new AppError('validation_failed', 'Changing the e-mail address needs the current password', [
        { path: 'body.currentPassword', message: 'Required to change the e-mail address' },
      ]);
    }
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new AppError('wrong_password', 'The current password is not correct', [{ path: 'body.currentPassword', message: 'Incorrect password' }]);
    }
    const owner = await emailOwner(db, newEmail);
    if (owner !== undefined && owner !== userId) throw new AppError('email_taken', 'This e-mail address is already registered');
  }
  const { row, mailJobs } = await db
    .transaction(async (tx) => {
      const t = tx as unknown as Database;
      const updated = await updateUser(t, userId, fields);
      if (!updated || newEmail === undefined) return { row: updated, mailJobs: [] };
      const mail = emailChangedMail({
        locale: user.locale === 'zh-CN' ? 'zh-CN' : 'en',
        name: user.nickname || user.fullName,
        newEmail,
        helpLink: `${app.ctx.config.appUrl}/help/contact`,
      });
      const mailJobs = await queueMails(t, [{ toAddress: user.email, ...mail, template: 'email_changed', meta: { userId } }], new Date());
      return { row: updated, mailJobs };
    })
    .catch((err: unknown) => {
      if (pgErrorCode(err) === '23505') throw new AppError('email_taken', 'This e-mail address is already registered');
      throw err;
    });
  if (!row) throw new AppError('unauthorized', 'Authentication required');
  app.jobs.soon(mailJobs); // after the commit, without holding the reply (decision 085)
  return toUserDto(row);
}

/**
 * SPEC §6: the server accepts only the two roles. Anyone may go back to the traveler view; the guide
 * view needs guideStatus to allow the switch.
 */
export async function switchRole(app: AppInstance, userId: number, role: UserRole): Promise<User> {
  const db = app.ctx.database.db;
  const user = await requireUser(db, userId);
  if (role === 'guide' && !computeGuideStatus({ isGuide: user.isGuide }).shouldShowRoleSwitch) {
    throw new AppError('forbidden', 'Only guides can switch to the guide view');
  }
  return toUserDto((await updateUser(db, userId, { role }))!);
}

export type ImageSlot = 'avatar' | 'background';
const SLOT = {
  avatar: { column: 'profilePicture', folder: 'avatars', box: AVATAR_BOX },
  background: { column: 'backgroundImage', folder: 'backgrounds', box: BACKGROUND_BOX },
} as const;

/** Stores a new avatar or background image (re-encoded as WebP without metadata) and removes the one it replaces. */
export async function setImage(app: AppInstance, userId: number, slot: ImageSlot, data: Buffer): Promise<User> {
  const db = app.ctx.database.db;
  const user = await requireUser(db, userId);
  const { key } = await storeImage(app.storage, SLOT[slot].folder, data, SLOT[slot].box);
  const row = await updateUser(db, userId, { [SLOT[slot].column]: publicUrl(key) });
  const oldKey = keyFromPublicUrl(user[SLOT[slot].column]);
  if (oldKey) await app.storage.delete(oldKey);
  return toUserDto(row!);
}

export async function removeImage(app: AppInstance, userId: number, slot: ImageSlot): Promise<User> {
  const db = app.ctx.database.db;
  const user = await requireUser(db, userId);
  const row = await updateUser(db, userId, { [SLOT[slot].column]: null });
  const oldKey = keyFromPublicUrl(user[SLOT[slot].column]);
  if (oldKey) await app.storage.delete(oldKey);
  return toUserDto(row!);
}

/** Everything the product holds about the user, as one JSON document (no hashes, no secrets). */
export async function exportData(app: AppInstance, userId: number) {
  const db = app.ctx.database.db;
  const user = await requireUser(db, userId);
  const [related, emails] = await Promise.all([userRelatedData(db, userId), mailsTo(db, user.email)]);
  return {
    format: 'tabi-guides-export/1',
    exportedAt: new Date().toISOString(),
    account: { ...toUserDto(user), updatedAt: user.updatedAt.toISOString() },
    sessions: related.sessions,
    passwordResets: related.passwordResets,
    emails,
    supportThreads: related.supportThreads,
  };
}

/**
 * Deletes an account: the password and the typed username confirm it; personal data is anonymized,
 * uploaded images and e-mails are removed, and every session ends.
 */
export async function deleteAccount(app: AppInstance, userId: number, body: z.output<typeof deleteAccountBodySchema>): Promise<void> {
  const db = app.ctx.database.db;
  const user = await requireUser(db, userId);
  if (body.confirmation.trim().toLowerCase() !== user.username.toLowerCase()) {
    throw new AppError('validation_failed', 'Type your username to confirm', [{ path: 'body.confirmation', message: 'Does not match the username' }]);
  }
  if (!(await verifyPassword(body.password, user.passwordHash))) {
    throw new AppError('wrong_password', 'The password is not correct', [{ path: 'body.password', message: 'Incorrect password' }]);
  }
  // A random password nobody knows: the row can never log in again.
  const unusable = await hashPassword(randomBytes(32).toString("base64url"));
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await anonymizeUser(t, userId, unusable);
    await deleteMailsTo(t, user.email);
    await revokeAllSessions(t, userId);
  });
  for (const url of [user.profilePicture, user.backgroundImage]) {
    const key = keyFromPublicUrl(url);
    if (key) await app.storage.delete(key);
  }
}

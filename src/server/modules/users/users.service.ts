import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { deleteAccountBodySchema, updateProfileBodySchema } from '../../../shared/schemas/auth';
import { DEFAULT_LOCALE, matchLocale } from '../../../shared/locales';
import type { Consent } from '../../../shared/schemas/legal';
import type { User, UserRole } from '../../../shared/schemas/user';
import { computeGuideStatus } from '../../../shared/rules/guide-status';
import { inTransaction, pgErrorCode, type Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import { assertRecentProof, hashPassword, revokeAllSessions, verifyPassword } from '../auth/index';
import { deleteMailsTo, emailChangedMail, mailsTo, queueMails } from '../mail/index';
import {
  AVATAR_BOX,
  BACKGROUND_BOX,
  keyFromPublicUrl,
  publicUrl,
  storeImage,
  type FileStorage,
} from '../../storage/index';
import { applicationStatusOf } from '../guide-applications/index';
import { assertPublicTexts } from '../licences/index';
import { toUserDto } from './user-dto';
import {
  anonymizeUser,
  emailOwner,
  findUserById,
  updateUser,
  userRelatedData,
  usernameExists,
  type UserRow,
} from './users.repository';

/**
 * What the account's own writes need (compose.ts): the file store for images, the job runner for mail
 * after a commit, and the consents the data export carries (the legal module's, decision 124).
 */
export interface UsersNeeds {
  storage: FileStorage;
  jobs: Pick<JobRunner, 'soon'>;
  consents: { list(db: Database, userId: number): Promise<Consent[]> };
  /**
   * Tells the account's e-mail and phone, as they were before, of a way in added or changed (accounts, decision 183).
   */
  wayIns: { tell(user: UserRow, wayIn: 'email' | 'password', opts?: { mail?: boolean }): Promise<void> };
  /**
   * Checks the proof a deletion gives — password, the deletion code, or the session's fresh proof (accounts,
   * decision 185).
   */
  deletion: {
    assertDeletion(
      caller: { id: number; sessionId: string },
      body: { password?: string; code?: string },
    ): Promise<void>;
  };
}

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
 * Saves profile fields. A new e-mail address needs a proof of the owner — the current password given
 * with it, or one given on this session within 10 minutes (decision 183): whoever holds only a session
 * must not be able to move the account, then reset its password. The old address and the phone are told.
 */
export async function updateMe(
  app: AppInstance,
  { jobs, wayIns }: Pick<UsersNeeds, 'jobs' | 'wayIns'>,
  caller: { id: number; sessionId: string },
  body: z.output<typeof updateProfileBodySchema>,
): Promise<User> {
  const db = app.ctx.database.db;
  const userId = caller.id;
  const { currentPassword, ...fields } = body;
  const user = await requireUser(db, userId);
  // Shown on cards, profiles, chats and reviews: no protected title without the licence (decision 099).
  await assertPublicTexts(db, userId, [
    { path: 'fullName', text: fields.fullName },
    { path: 'nickname', text: fields.nickname },
    { path: 'bio', text: fields.bio },
    { path: 'city', text: fields.city },
  ]);
  const newEmail =
    fields.email !== undefined && fields.email.toLowerCase() !== user.email?.toLowerCase() ? fields.email : undefined;
  // Without the password in the body, the session's own recent proof (a code to the phone, a sign-in) must do.
  if (newEmail !== undefined && !currentPassword) await assertRecentProof(db, caller.sessionId);
  if (newEmail !== undefined && currentPassword) {
    if (!user.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new AppError('wrong_password', 'The current password is not correct', [
        { path: 'body.currentPassword', message: 'Incorrect password' },
      ]);
    }
  }
  if (newEmail !== undefined) {
    const owner = await emailOwner(db, newEmail);
    if (owner !== undefined && owner !== userId)
      throw new AppError('email_taken', 'This e-mail address is already registered');
  }
  const { row, mailJobs } = await inTransaction(db, async (t) => {
    const updated = await updateUser(t, userId, fields);
    // An account made by phone had no address to tell (decision 147).
    if (!updated || newEmail === undefined || !user.email) return { row: updated, mailJobs: [] };
    const mail = emailChangedMail({
      locale: matchLocale(user.locale) ?? DEFAULT_LOCALE,
      name: user.nickname || user.fullName,
      newEmail,
      helpLink: `${app.ctx.config.appUrl}/help/contact`,
    });
    const mailJobs = await queueMails(
      t,
      [{ toAddress: user.email, ...mail, template: 'email_changed', meta: { userId } }],
      new Date(),
    );
    return { row: updated, mailJobs };
  }).catch((err: unknown) => {
    if (pgErrorCode(err) === '23505') throw new AppError('email_taken', 'This e-mail address is already registered');
    throw err;
  });
  if (!row) throw new AppError('unauthorized', 'Authentication required');
  jobs.soon(mailJobs); // after the commit, without holding the reply (decision 085)
  // The old address has its own notice above; the phone hears of it here.
  if (newEmail !== undefined) await wayIns.tell(user, 'email', { mail: false });
  return toUserDto(row);
}

/**
 * docs/rules/accounts-and-sessions.md: the server accepts only the two roles. Anyone may go back to the traveler view;
 * the guide view needs guideStatus to allow the switch.
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
export async function setImage(
  app: AppInstance,
  { storage }: Pick<UsersNeeds, 'storage'>,
  userId: number,
  slot: ImageSlot,
  data: Buffer,
): Promise<User> {
  const db = app.ctx.database.db;
  const user = await requireUser(db, userId);
  // Shown to everyone: no QR code (a WeChat or LINE contact, a payment link; decision 205).
  const { key } = await storeImage(
    storage,
    SLOT[slot].folder,
    data,
    SLOT[slot].box,
    matchLocale(user.locale) ?? DEFAULT_LOCALE,
  );
  const row = await updateUser(db, userId, { [SLOT[slot].column]: publicUrl(key) });
  const oldKey = keyFromPublicUrl(user[SLOT[slot].column]);
  if (oldKey) await storage.delete(oldKey);
  return toUserDto(row!);
}

export async function removeImage(
  app: AppInstance,
  { storage }: Pick<UsersNeeds, 'storage'>,
  userId: number,
  slot: ImageSlot,
): Promise<User> {
  const db = app.ctx.database.db;
  const user = await requireUser(db, userId);
  const row = await updateUser(db, userId, { [SLOT[slot].column]: null });
  const oldKey = keyFromPublicUrl(user[SLOT[slot].column]);
  if (oldKey) await storage.delete(oldKey);
  return toUserDto(row!);
}

/** Everything the product holds about the user, as one JSON document (no hashes, no secrets). */
export async function exportData(app: AppInstance, { consents }: Pick<UsersNeeds, 'consents'>, userId: number) {
  const db = app.ctx.database.db;
  const user = await requireUser(db, userId);
  const [related, emails, given] = await Promise.all([
    userRelatedData(db, userId),
    user.email ? mailsTo(db, user.email) : [],
    consents.list(db, userId),
  ]);
  return {
    format: 'tabi-guides-export/1',
    exportedAt: new Date().toISOString(),
    account: { ...toUserDto(user), updatedAt: user.updatedAt.toISOString() },
    sessions: related.sessions,
    passwordResets: related.passwordResets,
    wechat: related.wechat,
    emails,
    supportThreads: related.supportThreads,
    consents: given,
  };
}

/**
 * Deletes an account: the typed username and a proof of the owner confirm it — the password, a code to
 * the verified phone, or a fresh WeChat sign-in (decision 185); personal data is anonymized, uploaded
 * images and e-mails are removed, and every session ends.
 */
export async function deleteAccount(
  app: AppInstance,
  { storage, deletion }: Pick<UsersNeeds, 'storage' | 'deletion'>,
  caller: { id: number; sessionId: string },
  body: z.output<typeof deleteAccountBodySchema>,
): Promise<void> {
  const db = app.ctx.database.db;
  const userId = caller.id;
  const user = await requireUser(db, userId);
  if (body.confirmation.trim().toLowerCase() !== user.username.toLowerCase()) {
    throw new AppError('validation_failed', 'Type your username to confirm', [
      { path: 'body.confirmation', message: 'Does not match the username' },
    ]);
  }
  await deletion.assertDeletion(caller, body);
  // A random password nobody knows: the row can never log in again.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await inTransaction(db, async (t) => {
    await anonymizeUser(t, userId, unusable);
    if (user.email) await deleteMailsTo(t, user.email);
    await revokeAllSessions(t, userId);
  });
  for (const url of [user.profilePicture, user.backgroundImage]) {
    const key = keyFromPublicUrl(url);
    if (key) await storage.delete(key);
  }
}

/**
 * A username for an account made without one (by phone `tabi…`, by WeChat `wx…`): the prefix and eight
 * random lowercase letters or digits, USERNAME_PATTERN's shape, free at the time of asking (the unique
 * index refuses the rare race). The person may change their name later; the username stays.
 */
export async function freeUsername(db: Database, prefix: 'tabi' | 'wx'): Promise<string> {
  for (;;) {
    const name = `${prefix}${randomBytes(6).toString('hex').slice(0, 8)}`;
    if (!(await usernameExists(db, name))) return name;
  }
}

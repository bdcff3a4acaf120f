import { z } from 'zod';
import { LOCALES } from '../locales';
import { displayName, displayText, type DisplayTextOptions } from '../display-text';
import { signupConsentListSchema } from './legal';
import { genderSchema, userRoleSchema } from './user';

/**
 * Request bodies of the account endpoints. The server parses with these; the web app
 * uses the same rules for its inline messages, so the two never disagree.
 */

/** Lowercase letters and digits only, at least 3 characters. */
export const USERNAME_PATTERN = /^[a-z0-9]{3,30}$/;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** docs/rules/accounts-and-sessions.md: the username availability check waits 500 ms after the last keystroke. */
export const USERNAME_CHECK_DEBOUNCE_MS = 500;

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(USERNAME_PATTERN, 'Username must be at least 3 characters, lowercase letters and numbers only');
export const emailSchema = z.string().trim().max(254).pipe(z.email());
export const passwordSchema = z.string().min(PASSWORD_MIN, 'Password must be at least 8 characters').max(PASSWORD_MAX);

export const signupBodySchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
    fullName: displayName(100),
    emailUpdates: z.boolean().default(false),
    locale: z.enum(LOCALES).optional(),
    /**
     * The documents the form showed and the user accepted (decision 124); without them the web app asks after login.
     */
    consents: signupConsentListSchema.optional(),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

export const loginBodySchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});

export const checkUsernameQuerySchema = z.object({ username: z.string().max(100) });
export const checkUsernameReplySchema = z.object({ available: z.boolean(), valid: z.boolean() });

export const forgotPasswordBodySchema = z.object({ email: emailSchema, locale: z.enum(LOCALES).optional() });

export const resetPasswordBodySchema = z
  .object({
    token: z.string().min(1).max(200),
    password: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

export const changePasswordBodySchema = z
  // No current password for an account that has none yet (made by phone, decision 147).
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX).optional(),
    newPassword: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .refine((b) => b.newPassword === b.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

export const switchRoleBodySchema = z.object({ role: userRoleSchema });

/** The personal fields a user edits on /profile (Profile fields that belong to every user). */
export const MBTI_TYPES = [
  'INTJ',
  'INTP',
  'ENTJ',
  'ENTP',
  'INFJ',
  'INFP',
  'ENFJ',
  'ENFP',
  'ISTJ',
  'ISFJ',
  'ESTJ',
  'ESFJ',
  'ISTP',
  'ISFP',
  'ESTP',
  'ESFP',
] as const;
const optionalText = (max: number, options?: DisplayTextOptions) =>
  displayText(max, options)
    .nullable()
    .transform((v) => (v ? v : null));
export const updateProfileBodySchema = z
  .object({
    fullName: displayName(100),
    nickname: optionalText(50),
    email: emailSchema,
    gender: genderSchema.nullable(),
    age: z.number().int().min(13).max(120).nullable(),
    city: optionalText(100),
    mbti: z.enum(MBTI_TYPES).nullable(),
    bio: optionalText(1000, { multiline: true }),
    readReceiptsEnabled: z.boolean(),
    emailUpdates: z.boolean(),
    locale: z.enum(LOCALES).nullable(),
    /** Needed only when `email` changes: a stolen session alone must not be able to move the account. */
    currentPassword: z.string().min(1).max(PASSWORD_MAX),
  })
  .partial();
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/**
 * Deleting the account (decision 185): the typed username, and the proof the account can give — its
 * password, or the code POST /api/me/delete/code texted to its verified phone; neither, for an account
 * without a password, means the session's own fresh proof (a WeChat sign-in within 10 minutes).
 */
export const deleteAccountBodySchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX).optional(),
  code: z.string().trim().min(1).max(16).optional(),
  /** Typed confirmation: the account's username. */
  confirmation: z.string().max(100),
});

/** Images users upload for their avatar and background (magic bytes are checked on the server). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

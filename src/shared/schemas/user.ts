import { z } from 'zod';

/** GuideStatus: which guide-related header actions the user should see. */
export const guideStatusSchema = z.object({
  shouldShowRoleSwitch: z.boolean(),
  shouldShowBecomeGuideButton: z.boolean(),
  shouldShowViewApplicationButton: z.boolean(),
});

export const userRoleSchema = z.enum(['traveler', 'guide']);
export type UserRole = z.infer<typeof userRoleSchema>;
export const genderSchema = z.enum(['male', 'female', 'other', 'prefer_not_to_say']);

/**
 * The signed-in user as the API returns it (User session + User full). Only the user's
 * own record has `email`; other people's profiles never carry it.
 */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  /** Null for an account made by phone or WeChat that never gave one (decision 147). */
  email: z.string().nullable(),
  /** The verified mobile number in E.164, or null (decision 147). */
  phone: z.string().nullable(),
  /**
   * False for an account made by phone or WeChat until it sets a password: the settings offer to set one
   * (decision 147).
   */
  hasPassword: z.boolean(),
  role: userRoleSchema,
  joinedDate: z.string(),
  readReceiptsEnabled: z.boolean(),
  profilePicture: z.string().nullable(),
  backgroundImage: z.string().nullable(),
  isGuide: z.boolean(),
  isAdmin: z.boolean(),
  nickname: z.string().nullable(),
  bio: z.string().nullable(),
  gender: genderSchema.nullable(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  mbti: z.string().nullable(),
  identityVerified: z.boolean(),
  emailUpdates: z.boolean(),
  locale: z.string().nullable(),
  guideStatus: guideStatusSchema,
});
export type User = z.infer<typeof userSchema>;

/** Login and signup replies: the token plus the user fields. */
export const authReplySchema = userSchema.extend({ token: z.string(), user: userSchema });
export type AuthReply = z.infer<typeof authReplySchema>;

import { z } from 'zod';
import { isAppPath } from '../app-path';
import { displayName } from '../display-text';
import { SIGNUP_KINDS } from '../legal/documents';
import { LOCALES } from '../locales';
import { signupConsentListSchema } from './legal';
import { authReplySchema } from './user';

/**
 * WeChat's website login (decision 148). The browser goes to `/api/auth/wechat/start` (302 to
 * WeChat), WeChat sends it back to the web page `/auth/wechat`, and that page asks
 * `/api/auth/wechat/callback` with WeChat's `code` and `state`: the answer is a session, the consents
 * a new account needs first, or, for a link started in the settings, the link made.
 */

/** A path inside the app to return to afterwards, as the sign-in page's own `redirect` (never another site). */
export const appPathSchema = z
  .string()
  .max(500)
  .refine(isAppPath, 'A path inside this app, without control characters or backslashes');

export const wechatStartQuerySchema = z.object({ redirect: appPathSchema.optional() });

export const wechatCallbackQuerySchema = z.object({
  code: z.string().trim().min(1).max(512),
  state: z.string().trim().min(1).max(128),
});

export const wechatLinkSchema = z.object({
  linked: z.boolean(),
  /** The WeChat nickname at the time of linking. */
  nickname: z.string().nullable(),
  /** False while WeChat is the account's only way in (no password, no verified phone). */
  canUnlink: z.boolean(),
});
export type WeChatLink = z.infer<typeof wechatLinkSchema>;

export const wechatCallbackReplySchema = z.discriminatedUnion('status', [
  /** A linked account: signed in, as login answers. */
  authReplySchema.extend({ status: z.literal('signed_in'), redirect: z.string().nullable() }),
  /** A WeChat nobody has linked: a new traveler account once the consents are given (POST /api/auth/wechat/signup). */
  z.object({
    status: z.literal('consents_needed'),
    signupToken: z.string(),
    nickname: z.string(),
    avatar: z.boolean(),
    redirect: z.string().nullable(),
  }),
  /** A link started from the settings: made. */
  z.object({ status: z.literal('linked'), wechat: wechatLinkSchema }),
  /**
   * The account already signed in on this browser signed in with its WeChat again: no new session, the
   * current one is stamped proven for 10 minutes (decision 185) — how a WeChat-only account proves itself.
   */
  z.object({ status: z.literal('proven'), provenUntil: z.string(), redirect: z.string().nullable() }),
]);
export type WeChatCallbackReply = z.infer<typeof wechatCallbackReplySchema>;

export const wechatSignupBodySchema = z.object({
  signupToken: z.string().trim().min(1).max(128),
  // Every document sign-up asks for, at its current version: an account never starts without them.
  consents: signupConsentListSchema.refine(
    (list) => SIGNUP_KINDS.every((kind) => list.some((c) => c.kind === kind)),
    'Every sign-up document must be accepted',
  ),
  emailUpdates: z.boolean().default(false),
  /** The name other people see; WeChat's nickname when left out (a blank nickname then asks for it). */
  fullName: displayName(100).optional(),
  locale: z.enum(LOCALES).optional(),
});

export const wechatLinkStartReplySchema = z.object({ url: z.string() });

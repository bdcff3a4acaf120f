/**
 * The account flows built on `auth`: sign-up, login, logout, password reset (routes under /api/auth),
 * and the password change the users' routes serve under /api/me (compose.ts hands it to them: users
 * do not import accounts, accounts import users), WeChat's login and link (decision 148), and sign-in by phone with a
 * code sent by text message (decision 147), with its limits counted like the login throttle's.
 */
import { GuardedAttemptStore, RedisAttemptStore } from '../auth/index';
import type { SmsSender } from '../sms/index';
import type { AppInstance } from '../../lib/types';
import type { SignupConsents } from './auth.service';
import { defaultPhoneCodeLimits, PhoneCodeThrottle, type PhoneCodeLimits } from './phone-limits';
import { PhoneCodes } from './phone-codes';
import { phoneRoutes } from './phone.routes';
import { PhoneSignIn } from './phone.service';
import { reauthRoutes } from './reauth.routes';
import { Reauth } from './reauth.service';
import type { WayInNotices } from './way-in-notices';

export { authRoutes } from './auth.routes';
export { changePassword } from './auth.service';
export { wechatRoutes } from './wechat.routes';
export { PhoneSignIn } from './phone.service';
export type { Reauth } from './reauth.service';
export type { PhoneCodeLimits } from './phone-limits';
export { WayInNotices, type WayIn } from './way-in-notices';

/**
 * Sign-in by phone: its routes, on the text-message sender and the consent book compose.ts hands over,
 * the proof before a new way in (decision 183) and before deleting the account (decision 185): every
 * code through the one send-and-check (`PhoneCodes`), counted together.
 */
export function registerPhoneSignIn(
  app: AppInstance,
  needs: { sms: SmsSender; consents: SignupConsents; wayIns: WayInNotices },
  opts: { limits?: Partial<PhoneCodeLimits> } = {},
): { phone: PhoneSignIn; reauth: Reauth } {
  // Counted in Redis with REDIS_URL, so a limit holds for all instances together (decision 101).
  const shared =
    app.redis && app.redisGuard && new GuardedAttemptStore(new RedisAttemptStore(app.redis, 'sms:'), app.redisGuard);
  const throttle = new PhoneCodeThrottle(
    { ...defaultPhoneCodeLimits(app.ctx.config.sms.maxPerHour), ...opts.limits },
    shared,
  );
  const codes = new PhoneCodes(app, { sms: needs.sms, throttle });
  const phone = new PhoneSignIn(app, { codes, consents: needs.consents });
  const reauth = new Reauth(app, codes);
  phoneRoutes(app, phone, needs.wayIns);
  reauthRoutes(app, reauth);
  return { phone, reauth };
}

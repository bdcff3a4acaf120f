export {
  assertLive,
  clientInfo,
  currentClaims,
  currentUser,
  liveUser,
  registerAuth,
  requireRecentProof,
  sessionEnded,
  tokenCaller,
  type AuthUser,
  type ClientInfo,
  type TokenCaller,
} from './auth.plugin';
export { GuardedAttemptStore } from './guarded-attempt-store';
export { findLiveSession, liveSessionExists, liveSessionIds, SESSION_ENDED_MESSAGE } from './live-session.repository';
export {
  DEFAULT_LOGIN_LIMITS,
  LoginThrottle,
  MemoryAttemptStore,
  type AttemptEntry,
  type AttemptStore,
  type ThrottleLimits,
} from './login-throttle';
export { hashPassword, verifyPassword } from './password';
export {
  insertPhoneCode,
  latestPhoneCode,
  spendPhoneCodeTry,
  usePhoneCode,
  type PhoneCodeRow,
} from './phone-codes.repository';
export { RedisAttemptStore } from './redis-attempt-store';
export { consumeResetToken, countRecentResetTokens, insertResetToken } from './reset-tokens.repository';
export { assertRecentProof, markSessionProven, PROOF_WINDOW_MS } from './session-proof.repository';
export {
  createSession,
  listLiveSessions,
  revokeAllSessions,
  revokeOwnSession,
  revokeSession,
} from './sessions.repository';
export { verifyAccessToken } from './tokens';

export { assertLive, clientInfo, currentClaims, currentUser, liveUser, registerAuth, sessionEnded, tokenCaller, type AuthUser, type ClientInfo, type TokenCaller } from './auth.plugin';
export { GuardedAttemptStore } from './guarded-attempt-store';
export { findLiveSession, liveSessionExists, liveSessionIds, SESSION_ENDED_MESSAGE } from './live-session.repository';
export { DEFAULT_LOGIN_LIMITS, LoginThrottle, type ThrottleLimits } from './login-throttle';
export { hashPassword, verifyPassword } from './password';
export { RedisAttemptStore } from './redis-attempt-store';
export { consumeResetToken, countRecentResetTokens, insertResetToken } from './reset-tokens.repository';
export { createSession, revokeAllSessions, revokeSession } from './sessions.repository';
export { verifyAccessToken } from './tokens';

export { clientInfo, currentClaims, currentUser, registerAuth, type AuthUser, type ClientInfo } from './auth.plugin';
export { DEFAULT_LOGIN_LIMITS, type ThrottleLimits } from './login-throttle';
export { hashPassword, verifyPassword } from './password';
export { createSession, revokeAllSessions, revokeSession } from './sessions';

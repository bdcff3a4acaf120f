export { clientInfo, currentClaims, currentUser, registerAuth, type AuthUser } from './auth.plugin';
export { changePassword } from './auth.service';
export { DEFAULT_LOGIN_LIMITS, type ThrottleLimits } from './login-throttle';
export { hashPassword, verifyPassword } from './password';
export { createSession, revokeAllSessions, revokeSession } from './sessions';

export { currentUser, registerAuth, type AuthUser } from './auth.plugin';
export { authRoutes, clientInfo } from './auth.routes';
export { changePassword } from './auth.service';
export { DEFAULT_LOGIN_LIMITS, type ThrottleLimits } from './login-throttle';
export { hashPassword, verifyPassword } from './password';
export { createSession, revokeAllSessions, revokeSession } from './sessions';

export { currentUser, registerAuth, type AuthUser } from './auth.plugin';
export { hashPassword, verifyPassword } from './password';
export { createSession, revokeAllSessions, revokeSession } from './sessions';

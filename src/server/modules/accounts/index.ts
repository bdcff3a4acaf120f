/**
 * The account flows built on `auth`: sign-up, login, logout, password reset (routes under /api/auth),
 * and the password change the users' routes serve under /api/me (compose.ts hands it to them: users
 * do not import accounts, accounts import users), and WeChat's login and link (decision 148).
 */
export { authRoutes } from './auth.routes';
export { changePassword } from './auth.service';
export { wechatRoutes } from './wechat.routes';

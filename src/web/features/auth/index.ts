export { AccountMenu, accountLinks } from './components/account-menu';
export { RoleSwitch, canSwitchRole } from './components/role-switch';
export { SessionGuard } from './components/session-guard';
export { useLogoutFlow } from './hooks/use-logout-flow';
export { AuthCard } from './components/auth-card';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { LoginForm } from './components/login-form';
export { InvalidLink, ResetPasswordForm } from './components/reset-password-form';
export { SignupForm } from './components/signup-form';

// The account pages' forms, imported only by lazy pages (see ./index for the shell's part).
export { AuthCard } from './components/auth-card';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { LoginForm } from './components/login-form';
export { PhoneSignIn } from './components/phone-sign-in';
export { InvalidLink, ResetPasswordForm } from './components/reset-password-form';
export { SignupForm } from './components/signup-form';
export { useWeChatCallback } from './api/wechat';
export { WeChatButton, WeChatMark, WeChatStartLink } from './components/wechat-button';
export { WeChatConsentsForm } from './components/wechat-consents';
export { WeChatLinkPanel } from './components/wechat-link-panel';

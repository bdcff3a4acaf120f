export { AccountManagement } from './components/account-management';
export { PasswordChangeForm } from './components/password-change-form';
export { PersonalInfoForm } from './components/personal-info-form';
export { PhoneSection } from './components/phone-section';
export { PrivacySection } from './components/privacy-section';
export { ProfileHero } from './components/profile-hero';
export { ReauthPrompt } from './components/reauth-prompt';
export { SessionList, SessionsPanel } from './components/session-list';

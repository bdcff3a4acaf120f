// The app shell's part of accounts (always loaded): session handling, the account menu, role switch.
// Page-level forms are in ./forms so they load with their lazy pages, not in the initial bundle.
export { useMe } from './api/get-me';
export { wechatStartUrl } from './api/wechat';
export { AccountMenu, accountLinks } from './components/account-menu';
export { RoleSwitch, canSwitchRole } from './components/role-switch';
export { SessionGuard } from './components/session-guard';
export { useLogoutFlow } from './hooks/use-logout-flow';

export { AdminConsole } from './components/admin-console';
export { canOpenConsole, parseAdminPath } from './lib';

export { auditedChange, recordAdminAction, type AdminAction } from './audit.repository';
export { auditRoutes } from './audit.routes';

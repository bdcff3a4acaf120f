import type { AppInstance } from '../../lib/types';
import { adminUsersRoutes } from './admin-users.routes';
import { AdminUsersService } from './admin-users.service';

/** Users and bookings in the admin console (issue 14). Needs realtime and guide search. */
export function registerAdminUsers(app: AppInstance): void {
  adminUsersRoutes(app, new AdminUsersService(app));
}

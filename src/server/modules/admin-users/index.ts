import type { AppInstance } from '../../lib/types';
import { adminUsersRoutes } from './admin-users.routes';
import { AdminUsersService, type AdminUsersNeeds } from './admin-users.service';

/** Users and bookings in the admin console. */
export function registerAdminUsers(app: AppInstance, needs: AdminUsersNeeds): void {
  adminUsersRoutes(app, new AdminUsersService(app, needs));
}

import { useMutation } from '@tanstack/react-query';
import type { User, UserRole } from '../../../../shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/session';
import { storage, STORAGE_KEYS } from '../../../lib/storage-keys';

export function switchRole(role: UserRole): Promise<User> {
  return apiRequest<User>('/api/me/role', { method: 'PATCH', body: { role } });
}

/** SPEC §4: switching updates the stored user and persists the view preference locally. */
export function useSwitchRole() {
  return useMutation({
    mutationFn: switchRole,
    onSuccess: (user) => {
      updateSessionUser(user);
      storage.set(STORAGE_KEYS.viewPreference, user.role);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserRole } from '../../../../shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { updateSessionUser } from '../../../lib/session';
import { storage, STORAGE_KEYS } from '../../../lib/storage-keys';

export function switchRole(role: UserRole): Promise<User> {
  return apiRequest<User>('/api/me/role', { method: 'PATCH', body: { role } });
}

/**
 * docs/rules/accounts-and-sessions.md: switching updates the stored user and persists the view preference locally. The
 * extra callbacks run with the mutation itself, so they still run if the button that started it is gone
 * (the phone menu closes as the switch starts).
 */
export function useSwitchRole(callbacks: { onSuccess?: (user: User) => void; onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchRole,
    onSuccess: (user) => {
      queryClient.setQueryData(ME_QUERY_KEY, user);
      updateSessionUser(user);
      storage.set(STORAGE_KEYS.viewPreference, user.role);
      callbacks.onSuccess?.(user);
    },
    onError: () => callbacks.onError?.(),
  });
}

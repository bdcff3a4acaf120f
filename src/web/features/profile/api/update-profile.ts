import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { withProof } from '../../../lib/proof';
import { updateSessionUser } from '../../../lib/session';
import { ME_QUERY_KEY } from '../../../lib/query-keys';

/** A new e-mail address without the current password needs a proof of the owner first (decision 183). */
export function updateProfile(body: UpdateProfileBody): Promise<User> {
  return withProof(() => apiRequest<User>('/api/me', { method: 'PATCH', body }));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(ME_QUERY_KEY, user);
      updateSessionUser(user);
    },
  });
}

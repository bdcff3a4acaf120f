import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthReply } from '../../../../shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { withProof } from '../../../lib/proof';
import { setSession } from '../../../lib/session';
import { ME_QUERY_KEY } from '../../../lib/query-keys';

export interface ChangePasswordInput {
  /** Absent for an account that has no password yet (decision 147). */
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Every other session ends; this device keeps going with the fresh token in the reply. Without the current password,
 * after a proof (decision 183).
 */
export function changePassword(input: ChangePasswordInput): Promise<AuthReply> {
  return withProof(() => apiRequest<AuthReply>('/api/me/password', { method: 'PUT', body: input }));
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (reply) => {
      setSession(reply.token, reply.user);
      queryClient.setQueryData(ME_QUERY_KEY, reply.user);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { withProof } from '../../../lib/proof';
import { getSession, setSession } from '../../../lib/session';

/**
 * Adding or changing the account's number (decision 147): a code to the new number, then the code; each after a proof
 * of the owner (decision 183).
 */
export function useStartAccountPhone() {
  return useMutation({
    mutationFn: (phone: string) =>
      withProof(() =>
        apiRequest<{ resendAfterSeconds: number }>('/api/me/phone/start', { method: 'POST', body: { phone } }),
      ),
  });
}

export function useVerifyAccountPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; code: string }) =>
      withProof(() => apiRequest<User>('/api/me/phone/verify', { method: 'POST', body: input })),
    onSuccess: (user) => {
      queryClient.setQueryData(ME_QUERY_KEY, user);
      const session = getSession();
      if (session) setSession(session.token, user);
    },
  });
}

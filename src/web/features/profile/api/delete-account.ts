import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

export function deleteAccount(input: { password: string; confirmation: string }): Promise<void> {
  return apiRequest<void>('/api/me', { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearSession();
      queryClient.clear();
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function deleteAccount(input: { password: string; confirmation: string }): Promise<void> {
  return apiRequest<void>('/api/me', { method: 'DELETE', body: input });
}

/** The caller clears the local session once it has said goodbye (clearing it unmounts the profile page). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

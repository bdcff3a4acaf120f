import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The proof is the password, the deletion code, or none (a WeChat-only account's fresh sign-in, decision 185). */
export function deleteAccount(input: { password?: string; code?: string; confirmation: string }): Promise<void> {
  return apiRequest<void>('/api/me', { method: 'DELETE', body: input });
}

/** The caller clears the local session once it has said goodbye (clearing it unmounts the profile page). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

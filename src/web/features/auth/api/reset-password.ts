import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function resetPassword(input: { token: string; password: string; confirmPassword: string }): Promise<void> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

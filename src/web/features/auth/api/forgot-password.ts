import { useMutation } from '@tanstack/react-query';
import type { Locale } from '../../../../shared/locales';
import { apiRequest } from '../../../lib/api-client';

export function requestPasswordReset(input: { email: string; locale: Locale }): Promise<{ ok: true }> {
  return apiRequest('/api/auth/forgot-password', { method: 'POST', body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}

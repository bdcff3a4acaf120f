import { useMutation } from '@tanstack/react-query';
import type { Locale } from '../../../../shared/locales';
import type { ConsentInput } from '../../../../shared/schemas/legal';
import type { AuthReply } from '../../../../shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';

export interface SignupInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  fullName: string;
  emailUpdates: boolean;
  locale: Locale;
  consents: ConsentInput[];
}

export function signup(input: SignupInput): Promise<AuthReply> {
  return apiRequest<AuthReply>('/api/auth/signup', { method: 'POST', body: input });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}

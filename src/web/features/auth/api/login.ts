import { useMutation } from '@tanstack/react-query';
import type { AuthReply } from '../../../../shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';

export interface LoginInput {
  username: string;
  password: string;
}

export async function login(input: LoginInput): Promise<AuthReply> {
  const reply = await apiRequest<AuthReply>('/api/auth/login', { method: 'POST', body: input });
  // docs/rules/look-and-language.md: a login reply without a token is an error.
  if (!reply?.token) throw new Error('The login reply has no token');
  return reply;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

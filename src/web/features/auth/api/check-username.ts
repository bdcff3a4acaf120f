import { queryOptions, useQuery } from '@tanstack/react-query';
import { suggestUsername } from '../../../../shared/rules/username';
import { USERNAME_PATTERN } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

export interface UsernameCheck {
  available: boolean;
  /** docs/rules/accounts-and-sessions.md: for a taken name, the name plus a random number 0–999. */
  suggestion: string | null;
}

export async function checkUsername(username: string): Promise<UsernameCheck> {
  const reply = await apiRequest<{ available: boolean }>('/api/auth/check-username', { query: { username } });
  return { available: reply.available, suggestion: reply.available ? null : suggestUsername(username) };
}

export const checkUsernameQuery = (username: string) =>
  queryOptions({
    queryKey: ['auth', 'check-username', username],
    queryFn: () => checkUsername(username),
    staleTime: 30_000,
  });

/** Checks a (debounced) username once it has a valid format. */
export function useUsernameCheck(username: string) {
  return useQuery({ ...checkUsernameQuery(username), enabled: USERNAME_PATTERN.test(username) });
}

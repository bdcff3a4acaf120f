import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { updateSessionUser } from '../../../lib/session';

/** The signed-in user, fresh from the server; the stored session copy is kept in step. */
export async function getMe(): Promise<User> {
  const user = await apiRequest<User>('/api/me');
  updateSessionUser(user);
  return user;
}

/**
 * Loaded once per visit while signed in (and refreshed by every mutation that returns the user), so the
 * header's guide status is current and a dead token ends the session right away.
 */
export function useMe(enabled: boolean) {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe, enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';
import { updateSessionUser } from '../../../lib/session';

export const meQueryKey = ['me'] as const;

/** The signed-in user, fresh from the server; the stored session copy is kept in step. */
export async function getMe(): Promise<User> {
  const user = await apiRequest<User>('/api/me');
  updateSessionUser(user);
  return user;
}

export const meQuery = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
  });

export function useMe(enabled: boolean) {
  return useQuery({ ...meQuery(), enabled });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelList, ChannelWithKey, CreateChannelBody } from '../../../../shared/schemas/channels';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEY, get } from './request';

// Resellers of the OCTO API and their keys (decision 201).

export const useChannels = () =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'channels'],
    queryFn: async () => (await get<ChannelList>('/api/admin/channels')).channels,
    retry: false,
  });

type KeyChange = { step: 'create'; body: CreateChannelBody } | { step: 'rotate'; id: number };

/**
 * A new reseller or a new key: the reply is the only place the key ever appears (decision 201). `gcTime: 0` lets the
 * mutation cache drop it as soon as the dialog showing it calls `reset()`, so no copy of the key outlives the dialog.
 */
export function useKeyChange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: KeyChange) =>
      change.step === 'create'
        ? apiRequest<ChannelWithKey>('/api/admin/channels', { method: 'POST', body: change.body })
        : apiRequest<ChannelWithKey>(`/api/admin/channels/${change.id}/rotate`, { method: 'POST' }),
    gcTime: 0,
    // Also after a failure: a 404 means another admin revoked the reseller meanwhile, which the list then shows.
    onSettled: () => qc.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

/** Revokes a reseller's key: it stops working on the next request. */
export function useRevokeChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/api/admin/channels/${id}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

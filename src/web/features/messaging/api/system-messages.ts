import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, SystemMessage } from '../../../../shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { i18next } from '../../../lib/i18n';
import { readerLanguage, useRefetchOnLanguageChange } from '../../../lib/reader-language';
import { DRAWER_FETCH, messagingKeys } from './keys';

/** System messages come in the language the user reads now (decision 053); a language switch fetches them again. */
const useRefetchSystemOnLanguageChange = () => useRefetchOnLanguageChange(messagingKeys.system);

interface ListReply {
  data: { messages: SystemMessage[]; total: number; page: number; limit: number; unreadCount: number };
}

export function useDrawerMessages(enabled: boolean) {
  useRefetchSystemOnLanguageChange();
  return useQuery({
    queryKey: messagingKeys.drawer,
    queryFn: () =>
      apiRequest<ListReply>('/api/v2/system-messages', {
        query: { status: 'unread', page: 1, limit: DRAWER_FETCH, includeExpired: true },
        headers: readerLanguage(),
      }).then((r) => r.data),
    enabled,
  });
}

export function useSystemMessages(enabled: boolean) {
  useRefetchSystemOnLanguageChange();
  return useQuery({
    queryKey: messagingKeys.system,
    queryFn: () =>
      apiRequest<ListReply>('/api/v2/system-messages', {
        query: { page: 1, limit: 50, includeExpired: true },
        headers: readerLanguage(),
      }).then((r) => r.data),
    enabled,
    meta: { errorToast: 'messaging:errors.fetchSystem' },
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: messagingKeys.system });
    void queryClient.invalidateQueries({ queryKey: ['unread'] });
  };
}

/** docs/rules/look-and-language.md fallbacks: '标记已读失败', '全部标记已读失败', '归档消息失败', '删除消息失败' (and their English). */
export function useSystemMessageActions() {
  const refresh = useRefresh();
  const fail = (key: string) => () =>
    showToast({ title: i18next.t(`messaging:errors.${key}`), variant: 'destructive' });
  return {
    markRead: useMutation({
      mutationFn: (id: number) => apiRequest(`/api/v2/system-messages/${id}/read`, { method: 'PATCH' }),
      onSettled: refresh,
      onError: fail('markRead'),
    }),
    markAll: useMutation({
      mutationFn: () => apiRequest('/api/v2/system-messages/read', { method: 'PATCH', body: { markAll: true } }),
      onSettled: refresh,
      onError: fail('markAll'),
    }),
    archive: useMutation({
      mutationFn: (id: number) => apiRequest(`/api/v2/system-messages/${id}/archive`, { method: 'PATCH' }),
      onSettled: refresh,
      onError: fail('archive'),
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest(`/api/v2/system-messages/${id}`, { method: 'DELETE' }),
      onSettled: refresh,
      onError: fail('remove'),
    }),
  };
}

export function useNotificationSettings(enabled = true) {
  return useQuery({
    queryKey: messagingKeys.settings,
    queryFn: () => apiRequest<{ data: NotificationSettings }>('/api/me/notification-settings').then((r) => r.data),
    enabled,
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: NotificationSettings) =>
      apiRequest<{ data: NotificationSettings }>('/api/me/notification-settings', { method: 'PUT', body: s }).then(
        (r) => r.data,
      ),
    onSuccess: (data) => queryClient.setQueryData(messagingKeys.settings, data),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../../shared/locales';
import type { ConsentInput } from '../../../../shared/schemas/legal';
import type { PublicConfig } from '../../../../shared/schemas/support';
import type { AuthReply } from '../../../../shared/schemas/user';
import type { WeChatCallbackReply, WeChatLink } from '../../../../shared/schemas/wechat';
import { apiRequest, buildUrl } from '../../../lib/api-client';
import { withProof } from '../../../lib/proof';

/** Whether this deployment offers WeChat login (WECHAT_APP_ID set, decision 148): without it no WeChat button. */
export function useWeChatOffered(): boolean {
  const config = useQuery({
    queryKey: ['config', 'public', 'wechat'],
    queryFn: async () => (await apiRequest<PublicConfig>('/api/config/public')).wechatLogin,
    staleTime: Infinity,
  });
  return config.data === true;
}

/** The start of a WeChat login: a page the browser navigates to (a 302 to WeChat), never called as JSON. */
export const wechatStartUrl = (redirect: string | undefined) => buildUrl('/api/auth/wechat/start', { redirect });

/**
 * WeChat's way back, asked once per code and state: the state is single-use, so a second request (a
 * re-render, React's double effects in development) would be refused. The query is kept for the page's life.
 */
export function useWeChatCallback(code: string | null, state: string | null) {
  return useQuery({
    queryKey: ['wechat', 'callback', code, state],
    queryFn: () => apiRequest<WeChatCallbackReply>('/api/auth/wechat/callback', { query: { code, state } }),
    enabled: Boolean(code && state),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export interface WeChatSignupInput {
  signupToken: string;
  consents: ConsentInput[];
  emailUpdates: boolean;
  /** The name other people see: WeChat's nickname unless the person wrote another. */
  fullName: string;
  locale: Locale;
}

export function useWeChatSignup() {
  return useMutation({
    mutationFn: (input: WeChatSignupInput) =>
      apiRequest<AuthReply>('/api/auth/wechat/signup', { method: 'POST', body: input }),
  });
}

const LINK_KEY = ['me', 'wechat'] as const;

export function useWeChatLink(enabled: boolean) {
  return useQuery({ queryKey: LINK_KEY, queryFn: () => apiRequest<WeChatLink>('/api/me/wechat'), enabled });
}

/**
 * Starts a link, after a proof of the owner (decision 183): the server sets the state's cookie on this browser and
 * answers WeChat's address to open.
 */
export function useStartWeChatLink() {
  return useMutation({
    mutationFn: () => withProof(() => apiRequest<{ url: string }>('/api/me/wechat/link', { method: 'POST' })),
  });
}

export function useUnlinkWeChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('/api/me/wechat', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINK_KEY }),
  });
}

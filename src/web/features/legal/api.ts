import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommerceDisclosure, ConsentInput, MyConsents } from '../../../shared/schemas/legal';
import { apiRequest } from '../../lib/api-client';
import { currentLocale } from '../../lib/i18n';

/**
 * The facts of the commerce disclosure (GET /api/legal/commerce): the operator and the money rules
 * as this deployment applies them. Public, so a server render fetches it too (entry-server.tsx).
 */
export const commerceDisclosureQuery = queryOptions({
  queryKey: ['legal', 'commerce'] as const,
  queryFn: () => apiRequest<CommerceDisclosure>('/api/legal/commerce'),
});

export const useCommerceDisclosure = () => useQuery(commerceDisclosureQuery);

export const MY_CONSENTS_KEY = ['me', 'consents'] as const;

/** The signed-in user's consents and the documents whose current version still needs one (decision 124). */
export function useMyConsents(enabled: boolean) {
  return useQuery({
    queryKey: MY_CONSENTS_KEY,
    queryFn: () => apiRequest<MyConsents>('/api/me/consents'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useRecordConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consents: ConsentInput[]) =>
      apiRequest<MyConsents>('/api/me/consents', { method: 'POST', body: { consents, locale: currentLocale() } }),
    onSuccess: (reply) => queryClient.setQueryData(MY_CONSENTS_KEY, reply),
  });
}

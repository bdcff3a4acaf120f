import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CredentialType } from '../../../shared/licences';
import type { OwnCredentials } from '../../../shared/schemas/licences';
import { apiRequest } from '../../lib/api-client';

/** The guide's licence and insurance proof (decision 092). */
export const licenceKeys = { own: ['guide-credentials'] as const };
const PATH = '/api/v2/guide/credentials';

export function useOwnCredentials() {
  return useQuery({ queryKey: licenceKeys.own, queryFn: () => apiRequest<OwnCredentials>(PATH) });
}

export interface CredentialInput {
  type: CredentialType;
  fields: Record<string, string>;
  file: File;
}

/** POST /api/v2/guide/credentials/{type} (multipart): the fields and the card photo or certificate. */
export function useSubmitCredential() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, fields, file }: CredentialInput) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', file);
      return apiRequest<OwnCredentials>(`${PATH}/${type}`, { method: 'POST', body: form });
    },
    onSuccess: (reply) => qc.setQueryData(licenceKeys.own, reply),
  });
}

export function useSetGuideDrives() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (guideDrives: boolean) =>
      apiRequest<OwnCredentials>(`${PATH}/guide-drives`, { method: 'PUT', body: { guideDrives } }),
    onSuccess: (reply) => qc.setQueryData(licenceKeys.own, reply),
  });
}

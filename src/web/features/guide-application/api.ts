import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationData,
  ApplicationStatusReply,
  GuideApplication,
} from '../../../shared/schemas/guide-applications';
import { ApiError, apiRequest } from '../../lib/api-client';
import { ME_QUERY_KEY } from '../../lib/query-keys';

/** The guide application API (decision 069): the draft, its documents, submission and the status. */
const BASE = '/api/v2/guide-applications';
export const applicationKeys = {
  all: ['guide-application'] as const,
  draft: ['guide-application', 'draft'] as const,
  status: ['guide-application', 'status'] as const,
};

export function useApplicationDraft(enabled = true) {
  return useQuery({
    queryKey: applicationKeys.draft,
    queryFn: () => apiRequest<GuideApplication>(`${BASE}/draft`),
    enabled,
    staleTime: 0,
  });
}

/** The status is cached 5 minutes and only asked for with a token. */
export function useApplicationStatus(enabled = true) {
  return useQuery({
    queryKey: applicationKeys.status,
    queryFn: () => apiRequest<ApplicationStatusReply>(`${BASE}/status`),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function saveDraft(data: ApplicationData, opts: { keepalive?: boolean } = {}): Promise<GuideApplication> {
  return apiRequest<GuideApplication>(`${BASE}/draft`, { method: 'PUT', body: { data }, keepalive: opts.keepalive });
}

/** Every mutation replies with the whole application: it replaces the cached draft. */
function useApplicationMutation<T>(fn: (input: T) => Promise<GuideApplication>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (reply) => qc.setQueryData(applicationKeys.draft, reply),
  });
}

export const useSaveDraft = () => useApplicationMutation((data: ApplicationData) => saveDraft(data));

export const useUploadDocument = () =>
  useApplicationMutation(({ file, description }: { file: File; description?: string }) => {
    const form = new FormData();
    if (description) form.append('description', description);
    form.append('file', file);
    return apiRequest<GuideApplication>(`${BASE}/documents`, { method: 'POST', body: form });
  });

export const useDescribeDocument = () =>
  useApplicationMutation(({ id, description }: { id: number; description: string }) =>
    apiRequest<GuideApplication>(`${BASE}/documents/${id}`, { method: 'PATCH', body: { description } }),
  );

export const useDeleteDocument = () =>
  useApplicationMutation((id: number) => apiRequest<GuideApplication>(`${BASE}/documents/${id}`, { method: 'DELETE' }));

/** Submits; afterwards the status and the header's guide flags (GET /api/me) are fetched again. */
export function useSubmitApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (declaration: boolean) =>
      apiRequest<GuideApplication>(`${BASE}/submit`, { method: 'POST', body: { declaration } }),
    onSuccess: async (reply) => {
      qc.setQueryData(applicationKeys.draft, reply);
      await Promise.all([
        qc.invalidateQueries({ queryKey: applicationKeys.status }),
        qc.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
  });
}

/** The `guideApplication:errors.*` key for a failed call, by the server's stable code. */
export function errorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'errors.network';
  switch (err.code) {
    case 'declaration_required':
      return 'errors.declaration';
    case 'application_incomplete':
      return 'errors.incomplete';
    case 'age_below_minimum':
      return 'errors.minAge';
    case 'too_many_files':
      return 'errors.tooManyFiles';
    case 'invalid_file_type':
    case 'unsupported_media_type':
      return 'errors.fileType';
    case 'payload_too_large':
      return 'errors.fileSize';
    case 'invalid_transition':
      return 'errors.locked';
    case 'conflict':
      return 'errors.alreadyGuide';
    case 'validation_failed':
      return 'errors.invalid';
    case 'rate_limited':
      return 'errors.rateLimited';
    case 'storage_unavailable':
      return 'errors.storageUnavailable';
    case 'not_found':
      return 'errors.notFound';
    default:
      return 'errors.failed';
  }
}

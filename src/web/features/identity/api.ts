import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { IdentityDocumentKind, IdentityFileKind, IdentityVerification } from '../../../shared/schemas/identity';
import { apiFile, ApiError, apiRequest } from '../../lib/api-client';
import { ME_QUERY_KEY } from '../../lib/query-keys';
import { MY_CONSENTS_KEY } from '../legal/index';

/** Query keys of the identity feature. */
export const identityKeys = { all: ['identity-verification'] as const };

const PATH = '/api/v2/identity-verification';

/** GET /api/v2/identity-verification: status, document kind, the files (authorized URLs) and the reviewer's note. */
export function useIdentityVerification(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: identityKeys.all,
    queryFn: () => apiRequest<IdentityVerification>(PATH),
    enabled: opts.enabled !== false,
    retry: (count, err) => count < 2 && !(err instanceof Error && /^40[134]/.test(err.message)),
  });
}

export interface UploadInput {
  kind: IdentityFileKind;
  file: File;
  documentKind?: IdentityDocumentKind;
}

/** POST /api/v2/identity-verification (multipart): one file, replacing the previous one of its kind. */
export function uploadIdentityFile({ kind, file, documentKind }: UploadInput): Promise<IdentityVerification> {
  const form = new FormData();
  if (documentKind) form.append('documentKind', documentKind);
  form.append(kind, file);
  return apiRequest<IdentityVerification>(PATH, { method: 'POST', body: form });
}

export function submitIdentity(documentKind: IdentityDocumentKind | undefined): Promise<IdentityVerification> {
  return apiRequest<IdentityVerification>(`${PATH}/submit`, {
    method: 'POST',
    body: documentKind ? { documentKind } : {},
  });
}

function useIdentityMutation<T>(fn: (input: T) => Promise<IdentityVerification>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (reply) => queryClient.setQueryData(identityKeys.all, reply),
    // The notice changed since the page loaded (or the consent was never given): ask for it again (decision 131).
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'consent_required')
        void queryClient.invalidateQueries({ queryKey: MY_CONSENTS_KEY });
    },
  });
}

export const useUploadIdentityFile = () => useIdentityMutation(uploadIdentityFile);
export const useSubmitIdentity = () => useIdentityMutation(submitIdentity);

/**
 * A private file as a blob: URL: fetched with the bearer token (the file URL works for nobody else),
 * released when the URL changes or the component goes away.
 */
export function usePrivateFileUrl(url: string | null | undefined): {
  src: string | null;
  failed: boolean;
  loading: boolean;
} {
  const [state, setState] = useState<{ for: string | null; src: string | null; failed: boolean }>({
    for: null,
    src: null,
    failed: false,
  });
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    apiFile(url)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ for: url, src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ for: url, src: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  const current = !!url && state.for === url;
  return { src: current ? state.src : null, failed: current && state.failed, loading: !!url && !current };
}

/** After an approval the session's user (GET /api/me) carries identityVerified: refresh it. */
export function useRefreshMeWhenVerified(verified: boolean | undefined, sessionVerified: boolean | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (verified && !sessionVerified) void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [verified, sessionVerified, queryClient]);
}

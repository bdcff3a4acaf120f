import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolveDisputeBody } from '../../../../shared/schemas/disputes';
import type { SetFxRateBody } from '../../../../shared/schemas/fx';
import type { CreatePayoutBatchBody } from '../../../../shared/schemas/payouts';
import type { RecordWarningBody } from '../../../../shared/schemas/weather';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEY } from './request';

const post = <T>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'POST', body });

export type AdminAction =
  | { kind: 'application'; id: number; step: 'review' | 'approve' }
  | { kind: 'application'; id: number; step: 'reject'; reason: string }
  | { kind: 'application'; id: number; step: 'request-changes'; message: string }
  | { kind: 'identity'; id: number; step: 'approve' }
  | { kind: 'identity'; id: number; step: 'reject'; reason: string }
  | { kind: 'identity'; id: number; step: 'request-changes'; note: string }
  | { kind: 'credential'; id: number; step: 'verify' }
  | { kind: 'credential'; id: number; step: 'reject'; reason: string }
  | { kind: 'dispute'; id: number; step: 'resolve'; body: ResolveDisputeBody }
  | { kind: 'withdrawal'; id: number; step: 'approve' | 'paid' }
  | { kind: 'withdrawal'; id: number; step: 'fail'; reason: string }
  | { kind: 'payoutBatch'; step: 'create'; body: CreatePayoutBatchBody }
  | { kind: 'payoutBatch'; id: number; step: 'rate'; jpyPerCny?: string }
  | { kind: 'payoutLine'; id: number; lineId: number; step: 'paid' }
  | { kind: 'payoutLine'; id: number; lineId: number; step: 'failed'; reason: string }
  | { kind: 'support'; id: number; step: 'reply'; body: string }
  | { kind: 'support'; id: number; step: 'status'; status: 'open' | 'closed' }
  | { kind: 'user'; id: number; step: 'suspend'; reason: string }
  | { kind: 'user'; id: number; step: 'reinstate' }
  | { kind: 'job'; id: number; step: 'retry' }
  | { kind: 'weather'; step: 'record'; body: RecordWarningBody }
  | { kind: 'weather'; id: number; step: 'lift' }
  | ({ kind: 'fx'; step: 'rate' } & SetFxRateBody);

/** The request one action makes (exported for tests). */
export function actionRequest(a: AdminAction): { path: string; method: 'POST' | 'PATCH' | 'PUT'; body: unknown } {
  switch (a.kind) {
    case 'application': {
      const path = `/api/admin/applications/${a.id}/${a.step}`;
      if (a.step === 'reject') return { path, method: 'POST', body: { reason: a.reason } };
      if (a.step === 'request-changes') return { path, method: 'POST', body: { message: a.message } };
      return { path, method: 'POST', body: {} };
    }
    case 'identity': {
      const path = `/api/admin/identity/${a.id}/${a.step}`;
      if (a.step === 'reject') return { path, method: 'POST', body: { reason: a.reason } };
      if (a.step === 'request-changes') return { path, method: 'POST', body: { note: a.note } };
      return { path, method: 'POST', body: {} };
    }
    case 'credential':
      return {
        path: `/api/admin/credentials/${a.id}/${a.step}`,
        method: 'POST',
        body: a.step === 'reject' ? { reason: a.reason } : {},
      };
    case 'dispute':
      return { path: `/api/admin/disputes/${a.id}/resolve`, method: 'POST', body: a.body };
    case 'withdrawal': {
      const path = `/api/admin/withdrawals/${a.id}/${a.step}`;
      return { path, method: 'POST', body: a.step === 'fail' ? { reason: a.reason } : {} };
    }
    case 'payoutBatch':
      return a.step === 'create'
        ? { path: '/api/admin/payout-batches', method: 'POST', body: a.body }
        : {
            path: `/api/admin/payout-batches/${a.id}/rate`,
            method: 'POST',
            body: a.jpyPerCny === undefined ? {} : { jpyPerCny: a.jpyPerCny },
          };
    case 'payoutLine':
      return {
        path: `/api/admin/payout-batches/${a.id}/lines/${a.lineId}/${a.step}`,
        method: 'POST',
        body: a.step === 'failed' ? { reason: a.reason } : {},
      };
    case 'support':
      return a.step === 'reply'
        ? { path: `/api/admin/support/threads/${a.id}/messages`, method: 'POST', body: { body: a.body } }
        : { path: `/api/admin/support/threads/${a.id}`, method: 'PATCH', body: { status: a.status } };
    case 'job':
      return { path: `/api/admin/jobs/${a.id}/retry`, method: 'POST', body: {} };
    case 'weather':
      return a.step === 'record'
        ? { path: '/api/admin/weather-warnings', method: 'POST', body: a.body }
        : { path: `/api/admin/weather-warnings/${a.id}/lift`, method: 'POST', body: {} };
    case 'fx':
      return { path: '/api/admin/fx/rate', method: 'PUT', body: { jpyPerCny: a.jpyPerCny } };
    case 'user':
      return {
        path: `/api/admin/users/${a.id}/${a.step}`,
        method: 'POST',
        body: a.step === 'suspend' ? { reason: a.reason } : {},
      };
  }
}

/** Runs an admin action; on success every admin query (queues, counts, the item, its audit entries) refreshes. */
export function useAdminAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: AdminAction) => {
      const { path, method, body } = actionRequest(a);
      return method === 'POST' ? post<unknown>(path, body) : apiRequest<unknown>(path, { method, body });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

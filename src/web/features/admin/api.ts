import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListingStatus } from '../../../shared/schemas/guides';
import type { adminBookingDetailSchema, adminBookingSummarySchema, adminUserDetailSchema, adminUserSummarySchema, failedJobSchema } from '../../../shared/schemas/admin';
import type { AuditEntry } from '../../../shared/schemas/audit';
import type { adminDisputeDetailSchema, Dispute, ResolveDisputeBody } from '../../../shared/schemas/disputes';
import type { GuideApplication } from '../../../shared/schemas/guide-applications';
import type { AdminIdentityVerification } from '../../../shared/schemas/identity';
import type { AdminCredential } from '../../../shared/schemas/licences';
import type { AdminFx, SetFxRateBody } from '../../../shared/schemas/fx';
import type { AdminSupportMetrics, AdminSupportThread, SupportMessage } from '../../../shared/schemas/support';
import type { CreatePayoutBatchBody, PayoutBatch, PayoutBatchSummary } from '../../../shared/schemas/payouts';
import type { AdminWithdrawal } from '../../../shared/schemas/wallet';
import type { Currency } from '../../../shared/currency';
import type { RecordedWarning, RecordWarningBody } from '../../../shared/schemas/weather';
import { useTranslation } from 'react-i18next';
import { recheckWhilePending } from '../../components/ui/machine-translated';
import { apiRequest } from '../../lib/api-client';
import { currentLocale } from '../../lib/i18n';

/**
 * The admin console's reads and writes. Every key starts with 'admin', so one
 * invalidation after an action refreshes the queue, its counts and the open item together.
 */
export const ADMIN_KEY = ['admin'] as const;

export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}
/** `listing` comes with the one-application reply only (decision 091). */
export type AdminApplication = GuideApplication & { id: number; userId: number; username: string; email: string; listing?: ListingStatus };

export type AdminUserRow = z.infer<typeof adminUserSummarySchema>;
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export type AdminBookingRow = z.infer<typeof adminBookingSummarySchema>;
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;
export interface PayoutLedger {
  /** Every entry in the withdrawal's currency (decision 167). */
  entries: { id: number; account: string; userId: number | null; kind: string; amountCents: number; currency: Currency; createdAt: string }[];
  total: number;
}

const get = <T,>(path: string, query?: Record<string, string | number | undefined>) => apiRequest<T>(path, { query });
const post = <T,>(path: string, body: unknown = {}) => apiRequest<T>(path, { method: 'POST', body });

// ---------------------------------------------------------------- reads

/**
 * The interface language the admin reads in now: what users wrote is machine-translated into it
 * (decision 146), and a switch reads the item again (the language is part of its key).
 */
function useReaderLocale() {
  useTranslation(); // re-renders on a language switch
  return currentLocale();
}

export function useApplications(status: string | undefined, page: number) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'applications', { status, page }],
    queryFn: () => get<Paged<AdminApplication>>('/api/admin/applications', { status, page, limit: 20 }),
    placeholderData: keepPreviousData,
  });
}
export const useApplication = (id: number | undefined) =>
  useQuery({ queryKey: [...ADMIN_KEY, 'application', id], queryFn: () => get<AdminApplication>(`/api/admin/applications/${id}`), enabled: !!id });

export function useIdentityChecks(status: string | undefined, page: number) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'identity', { status, page }],
    queryFn: () => get<Paged<AdminIdentityVerification>>('/api/admin/identity', { status, page, limit: 20 }),
    placeholderData: keepPreviousData,
  });
}
export function useCredentials(status: string | undefined, page: number) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'credentials', { status, page }],
    queryFn: () => get<Paged<AdminCredential>>('/api/admin/credentials', { status, page, limit: 20 }),
    placeholderData: keepPreviousData,
  });
}

export const useCredential = (id: number | undefined) =>
  useQuery({ queryKey: [...ADMIN_KEY, 'credential-one', id], queryFn: () => get<AdminCredential>(`/api/admin/credentials/${id}`), enabled: !!id });

export const useIdentityCheck = (id: number | undefined) =>
  useQuery({ queryKey: [...ADMIN_KEY, 'identity-one', id], queryFn: () => get<AdminIdentityVerification>(`/api/admin/identity/${id}`), enabled: !!id });

export const useDisputes = () => useQuery({ queryKey: [...ADMIN_KEY, 'disputes'], queryFn: async () => (await get<{ data: Dispute[] }>('/api/admin/disputes')).data });

/** GET /api/admin/disputes/{id}: the dispute, the booking's ledger and both sides' latest messages. */
export type DisputeDetail = z.infer<typeof adminDisputeDetailSchema>;
export function useDisputeDetail(id: number | undefined) {
  const lang = useReaderLocale();
  return useQuery({
    queryKey: [...ADMIN_KEY, 'dispute', id, lang],
    queryFn: () => get<DisputeDetail>(`/api/admin/disputes/${id}`, { lang }),
    enabled: !!id,
    refetchInterval: (q) => {
      const d = q.state.data;
      return recheckWhilePending(Boolean(d && (d.dispute.reasonTranslation?.status === 'pending' || d.messages.some((m) => m.translation?.status === 'pending'))), q.state.dataUpdateCount);
    },
  });
}

export const useWithdrawals = (status: string | undefined) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'withdrawals', { status }],
    queryFn: async () => (await get<{ withdrawals: AdminWithdrawal[] }>('/api/admin/withdrawals', { status })).withdrawals,
    placeholderData: keepPreviousData,
  });
export const useWithdrawalLedger = (id: number | undefined) =>
  useQuery({ queryKey: [...ADMIN_KEY, 'withdrawal-ledger', id], queryFn: () => get<PayoutLedger>(`/api/admin/withdrawals/${id}/ledger`), enabled: !!id });

export function useSupportThreads(status: string, page: number) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'support', { status, page }],
    queryFn: () => get<Paged<AdminSupportThread>>('/api/admin/support/threads', { status, page, limit: 20 }),
    placeholderData: keepPreviousData,
    // An urgent thread must be seen within minutes (decision 132): the queue looks again every 30 s.
    refetchInterval: 30_000,
  });
}
export const useSupportMetrics = (days: number) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'support-metrics', days],
    queryFn: () => get<AdminSupportMetrics>('/api/admin/support/metrics', { days }),
    refetchInterval: 60_000,
  });
export function useSupportThread(id: number | undefined) {
  const lang = useReaderLocale();
  return useQuery({
    queryKey: [...ADMIN_KEY, 'support-thread', id, lang],
    queryFn: () => get<{ thread: AdminSupportThread; messages: SupportMessage[] }>(`/api/admin/support/threads/${id}`, { lang }),
    enabled: !!id,
    refetchInterval: (q) => recheckWhilePending(Boolean(q.state.data?.messages.some((m) => m.translation?.status === 'pending')), q.state.dataUpdateCount),
  });
}

export interface AuditFilter {
  entityType?: string;
  entityId?: number;
  adminUserId?: number;
  before?: number;
  limit?: number;
}
export const useAuditLog = (filter: AuditFilter, enabled = true) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'audit', filter],
    queryFn: () => get<{ entries: AuditEntry[]; nextBefore: number | null }>('/api/admin/audit-log', { ...filter }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** Users and bookings (src/shared/schemas/admin.ts). */
export const useUsers = (q: string, page: number) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'users', { q, page }],
    queryFn: () => get<{ users: AdminUserRow[]; total: number; page: number; limit: number }>('/api/admin/users', { q, page }),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useUser = (id: number | undefined) =>
  useQuery({ queryKey: [...ADMIN_KEY, 'user', id], queryFn: () => get<AdminUserDetail>(`/api/admin/users/${id}`), enabled: !!id, retry: false });
export const useBookingSearch = (number: string) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'bookings', number],
    queryFn: async () => (await get<{ bookings: AdminBookingRow[] }>('/api/admin/bookings', { number })).bookings,
    enabled: number.length > 0,
    retry: false,
  });
export const useBooking = (id: number | undefined) =>
  useQuery({ queryKey: [...ADMIN_KEY, 'booking', id], queryFn: () => get<AdminBookingDetail>(`/api/admin/bookings/${id}`), enabled: !!id, retry: false });

/** A scheduled job that failed for good after its retries (a dead letter); `payload` holds ids only. */
export type FailedJob = z.infer<typeof failedJobSchema>;
export const useFailedJobs = (before: number | undefined) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'jobs', before],
    queryFn: () => get<{ jobs: FailedJob[]; nextBefore: number | null }>('/api/admin/jobs/failed', { before, limit: 50 }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Weather warnings an admin recorded by hand (the typhoon rule, decision 093), newest first. */
export const useRecordedWarnings = () =>
  useQuery({ queryKey: [...ADMIN_KEY, 'weather'], queryFn: () => get<{ warnings: RecordedWarning[] }>('/api/admin/weather-warnings'), retry: false });

/** Yen per yuan (decision 165): the rate in use, the rates kept, the feed's latest failure. */
export const useFxOverview = () => useQuery({ queryKey: [...ADMIN_KEY, 'fx'], queryFn: () => get<AdminFx>('/api/admin/fx'), retry: false });

/** Payout batches (decisions 128, 130), newest first, and one with its lines. */
export const usePayoutBatches = () => useQuery({ queryKey: [...ADMIN_KEY, 'payout-batches'], queryFn: async () => (await get<{ batches: PayoutBatchSummary[] }>('/api/admin/payout-batches')).batches });
export const usePayoutBatch = (id: number | undefined) =>
  useQuery({ queryKey: [...ADMIN_KEY, 'payout-batches', id], queryFn: () => get<PayoutBatch>(`/api/admin/payout-batches/${id}`), enabled: id !== undefined });

// ---------------------------------------------------------------- writes

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
      return { path: `/api/admin/credentials/${a.id}/${a.step}`, method: 'POST', body: a.step === 'reject' ? { reason: a.reason } : {} };
    case 'dispute':
      return { path: `/api/admin/disputes/${a.id}/resolve`, method: 'POST', body: a.body };
    case 'withdrawal': {
      const path = `/api/admin/withdrawals/${a.id}/${a.step}`;
      return { path, method: 'POST', body: a.step === 'fail' ? { reason: a.reason } : {} };
    }
    case 'payoutBatch':
      return a.step === 'create' ? { path: '/api/admin/payout-batches', method: 'POST', body: a.body } : { path: `/api/admin/payout-batches/${a.id}/rate`, method: 'POST', body: a.jpyPerCny === undefined ? {} : { jpyPerCny: a.jpyPerCny } };
    case 'payoutLine':
      return { path: `/api/admin/payout-batches/${a.id}/lines/${a.lineId}/${a.step}`, method: 'POST', body: a.step === 'failed' ? { reason: a.reason } : {} };
    case 'support':
      return a.step === 'reply'
        ? { path: `/api/admin/support/threads/${a.id}/messages`, method: 'POST', body: { body: a.body } }
        : { path: `/api/admin/support/threads/${a.id}`, method: 'PATCH', body: { status: a.status } };
    case 'job':
      return { path: `/api/admin/jobs/${a.id}/retry`, method: 'POST', body: {} };
    case 'weather':
      return a.step === 'record' ? { path: '/api/admin/weather-warnings', method: 'POST', body: a.body } : { path: `/api/admin/weather-warnings/${a.id}/lift`, method: 'POST', body: {} };
    case 'fx':
      return { path: '/api/admin/fx/rate', method: 'PUT', body: { jpyPerCny: a.jpyPerCny } };
    case 'user':
      return { path: `/api/admin/users/${a.id}/${a.step}`, method: 'POST', body: a.step === 'suspend' ? { reason: a.reason } : {} };
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

// ---------------------------------------------------------------- sidebar counts

const totalOf = (path: string, query: Record<string, string | number>) => get<{ total: number }>(path, { ...query, page: 1, limit: 1 }).then((r) => r.total);

/** What waits in each queue (from the lists' totals); undefined while loading or when a list failed. */
export function useQueueCounts() {
  const counts = useQuery({
    queryKey: [...ADMIN_KEY, 'counts'],
    queryFn: async () => {
      const settle = async (p: Promise<number>) => p.catch(() => undefined);
      const [submitted, underReview, identity, disputes, withdrawals, support, licences] = await Promise.all([
        settle(totalOf('/api/admin/applications', { status: 'submitted' })),
        settle(totalOf('/api/admin/applications', { status: 'under_review' })),
        settle(totalOf('/api/admin/identity', { status: 'submitted' })),
        settle(get<{ data: Dispute[] }>('/api/admin/disputes').then((r) => r.data.length)),
        settle(get<{ withdrawals: AdminWithdrawal[] }>('/api/admin/withdrawals').then((r) => r.withdrawals.filter((w) => w.status === 'requested' || w.status === 'approved').length)),
        settle(totalOf('/api/admin/support/threads', { status: 'open' })),
        settle(totalOf('/api/admin/credentials', { status: 'submitted' })),
      ]);
      return {
        applications: submitted === undefined || underReview === undefined ? undefined : submitted + underReview,
        identity,
        disputes,
        withdrawals,
        support,
        licences,
      } as Partial<Record<string, number>>;
    },
  });
  return counts.data ?? {};
}

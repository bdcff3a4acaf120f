import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListingStatus } from '../../../../shared/schemas/guides';
import type { GuideApplication } from '../../../../shared/schemas/guide-applications';
import type { AdminIdentityVerification } from '../../../../shared/schemas/identity';
import type { AdminCredential } from '../../../../shared/schemas/licences';
import { ADMIN_KEY, get, type Paged } from './request';

// The review queues: guide applications, identity checks and licence credentials, each a page of a status and one item.

/** `listing` comes with the one-application reply only (decision 091). */
export type AdminApplication = GuideApplication & {
  id: number;
  userId: number;
  username: string;
  email: string;
  listing?: ListingStatus;
};

export function useApplications(status: string | undefined, page: number) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'applications', { status, page }],
    queryFn: () => get<Paged<AdminApplication>>('/api/admin/applications', { status, page, limit: 20 }),
    placeholderData: keepPreviousData,
  });
}
export const useApplication = (id: number | undefined) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'application', id],
    queryFn: () => get<AdminApplication>(`/api/admin/applications/${id}`),
    enabled: !!id,
  });

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
  useQuery({
    queryKey: [...ADMIN_KEY, 'credential-one', id],
    queryFn: () => get<AdminCredential>(`/api/admin/credentials/${id}`),
    enabled: !!id,
  });

export const useIdentityCheck = (id: number | undefined) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'identity-one', id],
    queryFn: () => get<AdminIdentityVerification>(`/api/admin/identity/${id}`),
    enabled: !!id,
  });

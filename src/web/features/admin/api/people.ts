import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  adminBookingDetailSchema,
  adminBookingSummarySchema,
  adminUserDetailSchema,
  adminUserSummarySchema,
} from '../../../../shared/schemas/admin';
import { ADMIN_KEY, get } from './request';

// Users and bookings (src/shared/schemas/admin.ts).

export type AdminUserRow = z.infer<typeof adminUserSummarySchema>;
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export type AdminBookingRow = z.infer<typeof adminBookingSummarySchema>;
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;

export const useUsers = (q: string, page: number) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'users', { q, page }],
    queryFn: () =>
      get<{ users: AdminUserRow[]; total: number; page: number; limit: number }>('/api/admin/users', { q, page }),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useUser = (id: number | undefined) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'user', id],
    queryFn: () => get<AdminUserDetail>(`/api/admin/users/${id}`),
    enabled: !!id,
    retry: false,
  });
export const useBookingSearch = (number: string) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'bookings', number],
    queryFn: async () => (await get<{ bookings: AdminBookingRow[] }>('/api/admin/bookings', { number })).bookings,
    enabled: number.length > 0,
    retry: false,
  });
export const useBooking = (id: number | undefined) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'booking', id],
    queryFn: () => get<AdminBookingDetail>(`/api/admin/bookings/${id}`),
    enabled: !!id,
    retry: false,
  });

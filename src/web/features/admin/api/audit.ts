import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../shared/schemas/audit';
import { ADMIN_KEY, get } from './request';

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

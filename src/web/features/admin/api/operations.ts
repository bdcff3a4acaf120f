import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { failedJobSchema } from '../../../../shared/schemas/admin';
import type { AdminFx } from '../../../../shared/schemas/fx';
import type { RecordedWarning } from '../../../../shared/schemas/weather';
import { ADMIN_KEY, get } from './request';

// What keeps the platform running: failed jobs, recorded weather warnings and the exchange rate.

/** A scheduled job that failed for good after its retries (a dead letter); `payload` holds ids only. */
export type FailedJob = z.infer<typeof failedJobSchema>;
export const useFailedJobs = (before: number | undefined) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'jobs', before],
    queryFn: () =>
      get<{ jobs: FailedJob[]; nextBefore: number | null }>('/api/admin/jobs/failed', { before, limit: 50 }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Weather warnings an admin recorded by hand (the typhoon rule, decision 093), newest first. */
export const useRecordedWarnings = () =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'weather'],
    queryFn: () => get<{ warnings: RecordedWarning[] }>('/api/admin/weather-warnings'),
    retry: false,
  });

/** Yen per yuan (decision 165): the rate in use, the rates kept, the feed's latest failure. */
export const useFxOverview = () =>
  useQuery({ queryKey: [...ADMIN_KEY, 'fx'], queryFn: () => get<AdminFx>('/api/admin/fx'), retry: false });

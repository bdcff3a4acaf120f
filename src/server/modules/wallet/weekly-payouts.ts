import type { Database } from '../../db/client';
import { enqueueJob, type JobRunner } from '../../jobs/index';
import { dayInJapan, firstBusinessDayOfWeek, mondayOf } from './business-days';
import type { PayoutBatchService } from './payout-batches.service';

export const WEEKLY_PAYOUT_JOB = 'payouts.weekly_batches';

/** PAYOUT_WEEKLY_BATCH and PAYOUT_WEEKLY_BATCH_AFTER (config.ts). */
export interface WeeklyPayoutSettings {
  enabled: boolean;
  /** Minutes after midnight in Japan on the week's first business day. */
  afterMinutes: number;
}

const minutesInJapan = (at: Date) => Math.floor(((at.getTime() + 9 * 3_600_000) % 86_400_000) / 60_000);

/**
 * The week (its Monday, Japan calendar) whose batches are due at `now`, or null (decision 130): from
 * the set time on the week's first business day, and on every later day of that week, so a week whose
 * first business day found every instance down is still formed.
 */
export function weekDue(now: Date, afterMinutes: number): string | null {
  const day = dayInJapan(now);
  const first = firstBusinessDayOfWeek(day);
  if (first === null || day < first || (day === first && minutesInJapan(now) < afterMinutes)) return null;
  return mondayOf(day);
}

/**
 * The weekly payout batches on the job runner (decision 130). The runner's sweep queues one job per
 * week (the dedupe key makes it one across instances and restarts); the job forms the week's batches
 * through the service the admin's route uses, and the batches' unique week makes a retried or second
 * run form nothing. Off: no job is queued (one already queued still runs).
 */
export function registerWeeklyPayouts(
  jobs: JobRunner,
  db: Database,
  service: PayoutBatchService,
  settings: WeeklyPayoutSettings,
): void {
  jobs.register(WEEKLY_PAYOUT_JOB, async (job, now) => {
    await service.formWeekly(String(job.payload.week), now);
  });
  if (!settings.enabled) return;
  let queued = '';
  jobs.sweep(async (now) => {
    const week = weekDue(now, settings.afterMinutes);
    if (week === null || week === queued) return;
    await enqueueJob(db, {
      kind: WEEKLY_PAYOUT_JOB,
      payload: { week },
      runAt: now,
      dedupeKey: `${WEEKLY_PAYOUT_JOB}:${week}`,
    });
    queued = week;
  });
}

-- 0017_jobs_dead_letters: the admin console lists failed jobs (dead letters) newest first.
CREATE INDEX "jobs_failed_idx" ON "jobs" ("id" DESC) WHERE status = 'failed';

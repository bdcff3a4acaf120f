import type { AppInstance } from '../lib/types';
import { JobRunner } from './runner';

export { JobRunner, type JobHandler } from './runner';
export { enqueueJob, enqueueJobs, failedJobs, jobsOfKind, retryFailedJob, type ClaimedJob, type NewJob } from './jobs.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process job runner and outbox: server.ts starts it; tests call `jobs.tick(now)`. */
    jobs: JobRunner;
  }
}

/** Puts `app.jobs` on the app, before the modules that register job kinds (mail first). */
export function registerJobs(app: AppInstance): void {
  const jobs = new JobRunner(app.ctx.database.db, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
}

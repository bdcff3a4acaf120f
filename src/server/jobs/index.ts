import type { AppInstance } from '../lib/types';
import { JobRunner } from './runner';

export { JobRunner, type JobHandler } from './runner';
export {
  deleteDoneJobs,
  enqueueJob,
  enqueueJobs,
  failedJobs,
  retryFailedJob,
  type ClaimedJob,
  type NewJob,
} from './jobs.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process job runner and outbox: server.ts starts it; tests call `jobs.tick(now)`. */
    jobs: JobRunner;
  }
}

/** The job runner the modules register their job kinds on (compose.ts passes it to them), also `app.jobs`. */
export function registerJobs(app: AppInstance): JobRunner {
  const jobs = new JobRunner(app.ctx.database.db, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  return jobs;
}

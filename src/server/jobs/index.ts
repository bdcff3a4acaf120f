export { JobRunner, type JobHandler } from './runner';
export { enqueueJob, failedJobs, jobsOfKind, retryFailedJob, type ClaimedJob, type NewJob } from './jobs.repository';

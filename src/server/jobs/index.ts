export { JobRunner, type JobHandler } from './runner';
export { enqueueJob, jobsOfKind, type ClaimedJob, type NewJob } from './jobs.repository';

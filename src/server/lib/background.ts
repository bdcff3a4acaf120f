import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Marks work done after a request's commit (the job runner: outbox deliveries, scheduled jobs), so a
 * profiler can tell the request path's statements from the background's (bench/pg-profile.ts reads it
 * through `globalThis`, without importing the app).
 */
export const background = new AsyncLocalStorage<string>();
/**
 * The store's value while the job runner claims jobs and writes their outcomes (its bookkeeping, decision 149), apart
 * from the jobs' own work (`'jobs'`).
 */
export const BOOKKEEPING = 'jobs.bookkeeping';
(globalThis as { __tabiBackground?: AsyncLocalStorage<string> }).__tabiBackground = background;

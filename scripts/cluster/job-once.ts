/**
 * Step 4b of the cluster test (scripts/cluster-test.ts): a job scheduled while both instances run
 * executes exactly once.
 */
import pg from 'pg';
import { check, json, sleep, type ClusterRun } from './harness';

export async function jobRunsOnce({ cluster, lb, travelerToken }: ClusterRun, guideId: number) {
  // 4b. A booking through the balancer schedules its payment expiry; made due at once, the job runs
  // exactly once while both instances poll (every 5 s) — one claim (attempts 1), the booking expired.
  let bookingId: number | undefined;
  for (let day = 10; day < 40 && !bookingId; day += 3) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    for (const startTime of ['10:00', '14:00']) {
      const r = await json(lb, 'POST', '/api/v2/bookings', travelerToken, {
        guideId,
        date,
        startTime,
        durationHours: 2,
        travelers: 1,
      });
      if (r.status === 201) {
        bookingId = r.body.id as number;
        break;
      }
    }
  }
  check(Boolean(bookingId), `a booking made through the balancer (${bookingId})`);
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  try {
    const due = await db.query(
      `update jobs set run_at = now() where kind = 'booking.payment_expiry' and status = 'queued' and payload->>'bookingId' = $1 returning id`,
      [String(bookingId)],
    );
    check(due.rowCount === 1, 'its payment-expiry job made due now');
    const jobId = due.rows[0]?.id as number | undefined;
    let job: { status: string; attempts: number } | undefined;
    for (const until = Date.now() + 15_000; Date.now() < until; await sleep(250)) {
      job = (await db.query('select status, attempts from jobs where id = $1', [jobId])).rows[0] as typeof job;
      if (job?.status === 'done') break;
    }
    await sleep(6_000); // one more poll of each instance: nothing runs it again
    job = (await db.query('select status, attempts from jobs where id = $1', [jobId])).rows[0] as typeof job;
    const booking = await json(lb, 'GET', `/api/v2/bookings/${bookingId}`, travelerToken);
    check(
      job?.status === 'done' && job.attempts === 1,
      `the job ran exactly once with both instances polling (${job?.status}, attempts ${job?.attempts}; booking ${booking.body.status})`,
    );
  } finally {
    await db.end();
  }
}

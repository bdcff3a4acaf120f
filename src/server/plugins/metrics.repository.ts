import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-row';

/** The figures GET /metrics reads from the database (metrics.ts). */

/** The job queue by status, with how long the oldest due job has waited. */
export async function jobFigures(db: Database) {
  const result = await db.execute(sql`
    select status, count(*)::int as n,
           extract(epoch from (now() - min(run_at) filter (where run_at <= now())))::float as oldest_due_s
    from jobs where status in ('queued', 'running') group by status`);
  return rowsOf<{ status: string; n: number; oldest_due_s: number | null }>(result);
}

/** Payments by method and outcome. */
export async function paymentFigures(db: Database) {
  const result = await db.execute(sql`select method, status, count(*)::int as n from payments group by method, status`);
  return rowsOf<{ method: string; status: string; n: number }>(result);
}

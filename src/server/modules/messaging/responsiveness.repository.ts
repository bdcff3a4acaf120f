import { sql } from 'drizzle-orm';
import {
  NEW_RESPONSIVENESS,
  RESPONSE_DEADLINE_HOURS,
  RESPONSIVENESS_WINDOW_DAYS,
  toResponsiveness,
  type Responsiveness,
} from '../../../shared/responsiveness';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-row';

const DAY_MS = 86_400_000;

interface CountsRow {
  guide_id: number;
  requests: number;
  answered_in_time: number;
  median_minutes: number | string | null;
}

/**
 * The response figures of many guides as of `now`, in one statement (decision 077). A request is a
 * traveler's message in the window that opened its conversation, or a tour request; its answer is
 * the guide's next message in that conversation, or the request's acceptance or refusal, whichever
 * came first. Requests younger than 24 hours and still open are not counted yet. Conversations are
 * found by (guide_id, last_message_at): a conversation quiet for 30 days holds no request in the window.
 */
export async function responsivenessByGuide(
  db: Database,
  guideIds: readonly number[],
  now: Date = new Date(),
): Promise<Map<number, Responsiveness>> {
  const out = new Map<number, Responsiveness>();
  if (guideIds.length === 0) return out;
  const ids = `{${guideIds.map((id) => Math.trunc(id)).join(',')}}`;
  const at = now.toISOString();
  const since = new Date(now.getTime() - RESPONSIVENESS_WINDOW_DAYS * DAY_MS).toISOString();
  const deadline = `${RESPONSE_DEADLINE_HOURS} hours`;
  const result = await db.execute(sql`
    with requests as (
      select c.guide_id,
             m.created_at as asked_at,
             least(
               (select r.created_at from messages r
                 where r.conversation_id = m.conversation_id and r.id > m.id and r.sender_id = c.guide_user_id
                 order by r.id limit 1),
               m.answered_at
             ) as answered_at
      from conversations c
      join messages m on m.conversation_id = c.id
      where c.guide_id = any(${ids}::int[])
        and c.last_message_at >= ${since}::timestamptz
        and m.sender_id = c.traveler_id
        and m.created_at >= ${since}::timestamptz
        and m.created_at <= ${at}::timestamptz
        and (m.kind = 'tour_request'
             or not exists (select 1 from messages p where p.conversation_id = m.conversation_id and p.id < m.id))
    ),
    as_of_now as (
      select guide_id, asked_at, case when answered_at <= ${at}::timestamptz then answered_at end as answered_at
      from requests
    )
    select guide_id,
           (count(*) filter (where answered_at is not null or asked_at <= ${at}::timestamptz - ${deadline}::interval))::int as requests,
           (count(*) filter (where answered_at - asked_at <= ${deadline}::interval))::int as answered_in_time,
           (percentile_disc(0.5) within group (order by extract(epoch from answered_at - asked_at))
              filter (where answered_at is not null) / 60.0)::float8 as median_minutes
    from as_of_now
    group by guide_id`);
  const rows = rowsOf<CountsRow>(result);
  for (const id of guideIds) out.set(id, NEW_RESPONSIVENESS);
  for (const r of rows) {
    out.set(
      Number(r.guide_id),
      toResponsiveness({
        requests: Number(r.requests),
        answeredInTime: Number(r.answered_in_time),
        medianMinutes: r.median_minutes === null ? null : Number(r.median_minutes),
      }),
    );
  }
  return out;
}

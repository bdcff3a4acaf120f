/**
 * The booking series' database and its operation (bench/run.ts): the bookings a marketplace holds, the travelers,
 * create + pay.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, isoWeekday, todayInZone } from '../src/shared/availability';
import { guides, guideWeeklyAvailability, users } from '../src/server/db/schema/index';
import { createSession } from '../src/server/modules/auth/index';
import type { DatabaseHandle } from '../src/server/db/client';
import { BENCH_JWT_SECRET, request, type BenchDatabase } from './lib';

/** Travelers the booking series books as, one after the other (a traveler is in one place at a time). */
const BOOKING_TRAVELERS = Number(process.env.BENCH_BOOKING_TRAVELERS ?? 2000);

/**
 * The bookings a live marketplace already holds: EXISTING_BOOKINGS over the first half of the guides
 * (6 each), by 2,000 other travelers. Three lie in the past (two completed, one cancelled), three in
 * the coming weeks (upcoming, confirmed), all at 00:00–01:00 in the guide's zone, outside every weekly
 * window, so they sit next to the bench's new bookings in each guide's busy list without taking their slots.
 */
export async function addExistingBookings(db: BenchDatabase, count: number): Promise<void> {
  if (count <= 0) return;
  const database = await db.open();
  try {
    const started = performance.now();
    const perGuide = 6;
    const guidesNeeded = Math.ceil(count / perGuide);
    await database.db.execute(sql`
      insert into users (username, email, password_hash, full_name)
      select 'pasttraveler' || i, 'past' || i || '@bench.tabi', 'disabled', 'Past Traveler ' || i from generate_series(1, 2000) i`);
    await database.db.execute(sql`
      with g as (select id, time_zone, basic_price_per_hour_cents as price, row_number() over (order by id) as rn
                   from guides where status = 'active' order by id limit ${guidesNeeded}),
           t as (select id, row_number() over (order by id) as rn from users where username like 'pasttraveler%'),
           b as (select g.*, k, (current_date + case when k <= 3 then -7 * k - (g.rn % 7)::int else 1 + 7 * (k - 4) + (g.rn % 7)::int end) as d
                   from g cross join generate_series(1, ${perGuide}) k)
      insert into bookings (traveler_id, guide_id, status, date, start_minute, duration_minutes, time_zone, starts_at, ends_at, travelers,
                            unit_price_cents, additional_per_person_cents, total_price_cents, deposit_cents, commission_cents, paid_at, created_at, updated_at)
      select t.id, b.id,
             case b.k when 1 then 'completed' when 2 then 'completed' when 3 then 'cancelled' when 6 then 'confirmed' else 'upcoming' end,
             b.d, 0, 60, b.time_zone, b.d::timestamp at time zone b.time_zone, (b.d::timestamp + interval '1 hour') at time zone b.time_zone, 2,
             b.price, 3000, b.price + 3000, (b.price + 3000) / 5, (b.price + 3000) / 10,
             case when b.k = 3 then null else now() - interval '30 days' end, now() - interval '30 days', now()
        from b join t on t.rn = 1 + ((b.rn * 7 + b.k) % 2000)
       limit ${count}`);
    await addTheirMoney(database.db);
    await database.db.execute(sql`vacuum analyze`);
    const counted = (await database.db.execute(sql`select count(*)::int as n from bookings`)) as unknown as {
      rows: { n: number }[];
    };
    const n = counted.rows[0]!.n;
    console.log(
      `  ${n.toLocaleString('en')} existing bookings over ${guidesNeeded.toLocaleString('en')} guides — ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await database.close();
  }
}

/**
 * What a paid booking leaves behind, for the existing bookings, as the product writes it: the card
 * deposit that paid it (succeeded, through the simulated provider) with its ledger postings (and the
 * release at completion), its receipt in the `R` series, its runner's jobs done, and for a tour to
 * come its start-of-day job, queued. Without them the
 * tables a create + pay reads and writes (payments, receipts, ledger, jobs) would start empty and be
 * planned as empty: PostgreSQL then scans them whole in every statement as they grow during the run,
 * which no live marketplace's database does. The cancelled ones were cancelled before they were paid.
 */
async function addTheirMoney(d: DatabaseHandle['db']): Promise<void> {
  await d.execute(sql`
    insert into payments (booking_id, payer_id, kind, method, provider, provider_ref, idempotency_key, request_hash, status, amount_cents, card_last4, created_at, updated_at)
    select id, traveler_id, 'deposit', 'card', 'simulated', 'sim_past_' || id, 'past-' || id, 'past', 'succeeded', deposit_cents, '4242', paid_at, paid_at
      from bookings where paid_at is not null`);
  // The deposit's postings, then the completion's: the commission stays, the rest is the guide's.
  await d.execute(sql`
    insert into ledger_entries (booking_id, account, user_id, kind, amount_cents, currency, payment_id, available_at, created_at)
    select b.id, x.account, case x.account when 'traveler' then b.traveler_id when 'guide' then g.user_id end, x.kind, x.amount, b.currency, p.id, x.available_at, p.created_at
      from bookings b join guides g on g.id = b.guide_id join payments p on p.booking_id = b.id
      cross join lateral (values
        ('traveler', 'deposit', -b.deposit_cents, null::timestamptz, true),
        ('platform', 'deposit', b.deposit_cents, null, true),
        ('platform', 'deposit_release', -b.deposit_cents, null, b.status = 'completed'),
        ('guide', 'guide_earnings', b.deposit_cents - least(b.commission_cents, b.deposit_cents), b.ends_at + interval '7 days', b.status = 'completed'),
        ('platform', 'commission', least(b.commission_cents, b.deposit_cents), null, b.status = 'completed')
      ) as x(account, kind, amount, available_at, applies)
     where x.applies`);
  await d.execute(sql`
    insert into receipts (kind, series, seq, number, booking_id, payment_id, payer_id, payment_kind, method, card_last4, amount_cents, in_person_cents, currency, paid_at, addressee, operator, issued_at, updated_at)
    select 'receipt', 'R', n, 'R-' || lpad(n::text, 8, '0'), booking_id, id, payer_id, 'deposit', 'card', '4242', amount_cents, in_person, 'CNY', created_at, full_name,
           '{"name": "Tabi Guides (bench)", "address": "", "phone": "", "email": "", "invoiceNumber": null, "fake": true}'::jsonb, created_at, created_at
      from (select p.*, b.total_price_cents - b.deposit_cents as in_person, u.full_name, row_number() over (order by p.id)::int as n
              from payments p join bookings b on b.id = p.booking_id join users u on u.id = p.payer_id) s`);
  await d.execute(
    sql`insert into receipt_series (series, last_number) select 'R', count(*) from receipts having count(*) > 0`,
  );
  // The runner's work for each: the checkout's and the payment's events, the held-time notice, the expiry that found it
  // paid, a mail.
  await d.execute(sql`
    insert into jobs (kind, payload, run_at, status, attempts, created_at, updated_at)
    select x.kind, jsonb_build_object('bookingId', b.id), b.created_at, 'done', 1, b.created_at, b.created_at
      from bookings b cross join (values ('booking.event'), ('booking.event'), ('booking.payment_held'), ('booking.payment_expiry'), ('mail.send')) as x(kind)
     where b.paid_at is not null`);
  // And what waits for the coming ones: the morning of the tour day, queued.
  await d.execute(sql`
    insert into jobs (kind, payload, run_at, dedupe_key, created_at, updated_at)
    select 'booking.start_day', jsonb_build_object('bookingId', id), date::timestamp at time zone time_zone, 'booking.start_day:' || id, paid_at, paid_at
      from bookings where status in ('upcoming', 'confirmed')`);
}

/**
 * The booking series' travelers, their tokens, and a stream of distinct bookable slots: each guide's
 * first weekly window, one week later every time the list wraps around.
 */
export async function prepareBookings(db: BenchDatabase) {
  const database = await db.open();
  try {
    const d = database.db;
    // A traveler is in one place at a time (409 traveler_busy): every operation books as the
    // next of BOOKING_TRAVELERS travelers, and a traveler's next turn is a week later (see `next`).
    const travelers = await d
      .insert(users)
      .values(
        Array.from({ length: BOOKING_TRAVELERS }, (_, i) => ({
          username: `benchtraveler${i}`,
          email: `bench${i}@bench.tabi`,
          passwordHash: 'disabled',
          fullName: `Bench Traveler ${i}`,
        })),
      )
      .returning({ id: users.id });
    const tokens: string[] = [];
    for (let from = 0; from < travelers.length; from += 100) {
      const some = travelers.slice(from, from + 100);
      tokens.push(
        ...(await Promise.all(
          some.map((u) =>
            createSession(d, { userId: u.id, secret: BENCH_JWT_SECRET, ttlMs: 3_600_000 }).then((s) => s.token),
          ),
        )),
      );
    }
    const windows = await d
      .selectDistinctOn([guideWeeklyAvailability.guideId], {
        guideId: guideWeeklyAvailability.guideId,
        weekday: guideWeeklyAvailability.weekday,
        startMinute: guideWeeklyAvailability.startMinute,
        hours: guides.minDurationHours,
        people: guides.minPeople,
      })
      .from(guideWeeklyAvailability)
      .innerJoin(guides, eq(guides.id, guideWeeklyAvailability.guideId))
      .where(
        and(
          eq(guides.status, 'active'),
          sql`${guideWeeklyAvailability.endMinute} - ${guideWeeklyAvailability.startMinute} >= ${guides.minDurationHours} * 60`,
        ),
      )
      .orderBy(guideWeeklyAvailability.guideId, guideWeeklyAvailability.weekday)
      .limit(3000);
    const first = addDays(todayInZone('Asia/Tokyo'), 3);
    let i = 0;
    const next = (k: number) => {
      const w = windows[i % windows.length]!;
      let date = addDays(first, 7 * (Math.floor(i / windows.length) + Math.floor(k / BOOKING_TRAVELERS)));
      while (isoWeekday(date) !== w.weekday) date = addDays(date, 1);
      i++;
      const startTime = `${String(Math.floor(w.startMinute / 60)).padStart(2, '0')}:${String(w.startMinute % 60).padStart(2, '0')}`;
      return { guideId: w.guideId, date, startTime, durationHours: w.hours, travelers: w.people };
    };
    return { tokens, next };
  } finally {
    await database.close();
  }
}

/** Create and pay, timed apart. */
export interface Phases {
  create: number[];
  pay: number[];
  failures: Map<string, number>;
}

/** Create + pay as one operation; each worker is its own traveler and its own client address. */
export function bookAndPay(
  port: number,
  concurrency: number,
  prepared: Awaited<ReturnType<typeof prepareBookings>>,
  phases: Phases,
): () => Promise<boolean> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let n = 0;
  const failed = (what: string, res: { status: number; body: string }) => {
    let code = '';
    try {
      code = (JSON.parse(res.body) as { code?: string }).code ?? '';
    } catch {
      /* not JSON */
    }
    const key = `${what} ${res.status}${code ? ` ${code}` : ''}`;
    phases.failures.set(key, (phases.failures.get(key) ?? 0) + 1);
    return false;
  };
  return async () => {
    const k = n++;
    const headers = {
      authorization: `Bearer ${prepared.tokens[k % prepared.tokens.length]}`,
      // Payments are rate-limited per address (card testing); the server trusts the bench's proxy header.
      'x-forwarded-for': `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
    };
    const t0 = performance.now();
    const created = await request(agent, port, 'POST', '/api/v2/bookings', headers, prepared.next(k));
    const t1 = performance.now();
    if (created.status !== 201) return failed('create', created);
    const id = JSON.parse(created.body).id as number;
    const paid = await request(
      agent,
      port,
      'POST',
      `/api/v2/bookings/${id}/payments`,
      { ...headers, 'idempotency-key': `bench-${k}` },
      {
        kind: 'deposit',
        method: 'card',
        cardNumber: '4242 4242 4242 4242',
        expiryDate: '12/30',
        cvv: '123',
        cardHolder: 'Bench Traveler',
      },
    );
    if (paid.status !== 201) return failed('pay', paid);
    phases.create.push(t1 - t0);
    phases.pay.push(performance.now() - t1);
    return true;
  };
}

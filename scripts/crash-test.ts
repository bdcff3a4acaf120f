// The crash test (decisions 083 and 100), run by .ci/run on PostgreSQL: clients sign up, book
// and pay in a loop, by card or by wallet (crash-wallets.ts: paying again under new keys, switching
// wallets, approving the link); the server is killed with SIGKILL mid-load and restarted; once
// reconciliation has run and the travelers have finished their open wallet attempts, every
// acknowledged write must be there, no payment left processing or pending, no booking paid but still
// pending, every booking's ledger summing to zero in each currency, no deposit with two open or two charged attempts,
// and no charge the provider made that is not recorded as paid.
// Three rounds on one database.   Usage: DATABASE_URL=postgres://…/postgres npx tsx scripts/crash-test.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminQuery } from '../src/server/test/database-template';
import { finishOpenWallets, payByWallet, walletChecks, walletStats } from './crash-wallets';

const SERVER_URL = process.env.DATABASE_URL;
if (!SERVER_URL) {
  console.error('crash test: set DATABASE_URL to a PostgreSQL server (it creates and drops its own database)');
  process.exit(1);
}
const ROUNDS = 3;
const CLIENTS = 6;
const PORT = 3997;
const BASE = `http://127.0.0.1:${PORT}`;
const CARD = {
  kind: 'deposit',
  method: 'card',
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/40',
  cvv: '123',
  cardHolder: 'Crash Test',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dbName = `tabi_crash_${randomBytes(4).toString('hex')}`;
const dbUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${dbName}` }).toString();
const dataDir = mkdtempSync(path.join(tmpdir(), 'tabi-crash-'));

const admin = (statement: string) => adminQuery(SERVER_URL, statement);

function startServer(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED: 'demo',
      LOG_LEVEL: 'error',
      // Each client has its own address (X-Forwarded-For), as real travelers do, for the per-address limits.
      TRUST_PROXY: 'true',
      // Reconcile after 2 s instead of 90 (no provider call here takes longer).
      PAYMENT_RECONCILE_AFTER_MS: '2000',
    },
  });
}

async function waitReady() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error('the server did not become ready');
}

interface Client {
  ip: string;
  token: string;
}
/** What the server acknowledged (a 201, a wallet's approval): these must survive any crash. */
const acked = { bookings: new Set<number>(), paid: new Set<number>() };
/** Who booked each acknowledged booking paid by wallet: they finish its open attempt after a restart. */
const walletOwners = new Map<number, Client>();

async function call(
  c: Pick<Client, 'ip'> & { token?: string },
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': c.ip,
      ...(c.token && { authorization: `Bearer ${c.token}` }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json().catch(() => ({}))) as Record<string, unknown> & { id?: number },
  };
}

async function signUpClients(): Promise<Client[]> {
  return Promise.all(
    Array.from({ length: CLIENTS }, async (_, n) => {
      const ip = `10.77.0.${n + 1}`;
      const name = `crash${n}x${randomBytes(3).toString('hex')}`;
      const res = await call({ ip }, 'POST', '/api/auth/signup', {
        username: name,
        email: `${name}@example.com`,
        password: 'CrashTest2026!',
        confirmPassword: 'CrashTest2026!',
        fullName: `Crash Test ${n}`,
        emailUpdates: false,
      });
      if (res.status !== 201) throw new Error(`signup: ${res.status} ${JSON.stringify(res.json)}`);
      return { ip, token: res.json.token as string };
    }),
  );
}

/** Books and pays until the server is gone; every 201 is remembered. */
async function load(c: Client, guideIds: number[], stop: { now: boolean }) {
  while (!stop.now) {
    try {
      const guideId = guideIds[Math.floor(Math.random() * guideIds.length)]!;
      const day = new Date(Date.now() + (10 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
      const startTime = ['09:00', '10:00', '13:00', '15:00'][Math.floor(Math.random() * 4)];
      const booked = await call(c, 'POST', '/api/v2/bookings', {
        guideId,
        date: day,
        startTime,
        durationHours: 2,
        travelers: 1,
      });
      // A 201 whose body the kill cut off names no booking to look for: only whole replies count.
      if (booked.status !== 201 || typeof booked.json.id !== 'number') continue;
      acked.bookings.add(booked.json.id);
      if (Math.random() < 0.5) {
        walletOwners.set(booked.json.id, c);
        if (await payByWallet(call, c, booked.json.id)) acked.paid.add(booked.json.id);
        continue;
      }
      const key = randomBytes(8).toString('hex');
      // A client retries a payment whose answer it lost with the same key, as a browser does.
      for (let attempt = 0; attempt < 3 && !stop.now; attempt++) {
        const paid = await call(c, 'POST', `/api/v2/bookings/${booked.json.id}/payments`, CARD, {
          'idempotency-key': key,
        });
        if (paid.status === 201) {
          acked.paid.add(booked.json.id);
          break;
        }
        if (paid.status !== 409) break;
      }
    } catch {
      await sleep(100); // the server is down: the round is over for this client
    }
  }
}

async function check(round: number, restartedAt: Date) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    // Reconciliation settles what the crash left open: nothing processing, and every wallet attempt
    // asked about at the provider since the restart (it is then recorded as the provider has it).
    for (let i = 0; i < 120; i++) {
      const left = await db.query(
        `select count(*)::int as n from payments where status = 'processing' or (status = 'pending' and updated_at < $1)`,
        [restartedAt],
      );
      if (left.rows[0].n === 0) break;
      await sleep(500);
    }
    // The travelers finish their open wallet attempts: paying again gets the open attempt, approved once.
    for (const id of await finishOpenWallets(call, db, walletOwners)) acked.paid.add(id);
    let open = 0;
    for (let i = 0; i < 120; i++) {
      open = (await db.query(`select count(*)::int as n from payments where status in ('processing', 'pending')`))
        .rows[0].n;
      if (open === 0) break;
      await sleep(500);
    }
    const problems: string[] = [];
    if (open) problems.push(`${open} payments still processing or pending`);
    const ids = [...acked.bookings];
    const found = new Set(
      (await db.query('select id from bookings where id = any($1)', [ids])).rows.map((r) => r.id as number),
    );
    const lost = ids.filter((id) => !found.has(id));
    if (lost.length) problems.push(`acknowledged bookings missing: ${lost.join(', ')}`);
    const paid = [...acked.paid];
    const paidOk = new Set(
      (
        await db.query(
          `select booking_id from payments where booking_id = any($1) and kind = 'deposit' and status = 'succeeded'`,
          [paid],
        )
      ).rows.map((r) => r.booking_id as number),
    );
    const unpaid = paid.filter((id) => !paidOk.has(id));
    if (unpaid.length) problems.push(`acknowledged payments missing: bookings ${unpaid.join(', ')}`);
    const paidPending = (
      await db.query(
        `select b.id from bookings b join payments p on p.booking_id = b.id and p.kind = 'deposit' and p.status = 'succeeded' where b.status = 'pending'`,
      )
    ).rows;
    if (paidPending.length) problems.push(`paid but still pending: ${paidPending.map((r) => r.id).join(', ')}`);
    const unbalanced = (
      await db.query(
        'select booking_id, currency, sum(amount_cents)::int as s from ledger_entries group by booking_id, currency having sum(amount_cents) <> 0',
      )
    ).rows;
    if (unbalanced.length) problems.push(`ledgers not summing to zero: ${JSON.stringify(unbalanced)}`);
    problems.push(...(await walletChecks(db)));
    const doubles = (
      await db.query(
        `select booking_id, count(*)::int as n from payments where kind = 'deposit' and status = 'succeeded' group by booking_id having count(*) > 1`,
      )
    ).rows;
    if (doubles.length) problems.push(`bookings with more than one kept deposit: ${JSON.stringify(doubles)}`);
    // The outbox (decision 085): what a killed process committed but never delivered is delivered by
    // the restarted one — no due outbox job stays queued — and each delivered payment told both sides once.
    let queued = 0;
    for (let i = 0; i < 60; i++) {
      queued = (
        await db.query(
          `select count(*)::int as n from jobs where kind in ('booking.event', 'notifications.create', 'mail.send') and status = 'queued' and run_at <= now()`,
        )
      ).rows[0].n;
      if (queued === 0) break;
      await sleep(500);
    }
    if (queued) problems.push(`${queued} outbox jobs still queued after the restart`);
    // A batch the killed process had claimed (decision 149) is leased: taken again when its lease ends, never left
    // running without one.
    const unleased = (
      await db.query(`select count(*)::int as n from jobs where status = 'running' and locked_until is null`)
    ).rows[0].n;
    if (unleased) problems.push(`${unleased} jobs running without a lease`);
    const untold = (
      await db.query(
        `select j.payload->'payload'->>'bookingId' as id, (select count(*)::int from system_messages m where m.dedupe_key = 'booking:' || (j.payload->'payload'->>'bookingId') || ':paid') as n
         from jobs j where j.kind = 'booking.event' and j.payload->>'name' = 'booking.paid' and j.status = 'done'`,
      )
    ).rows.filter((r) => r.n !== 2);
    if (untold.length) problems.push(`paid bookings without exactly two notices: ${JSON.stringify(untold)}`);
    const outbox = (
      await db.query(
        `select (select count(*)::int from jobs where kind = 'booking.event' and status = 'done') as events, (select count(*)::int from email_outbox) as mails`,
      )
    ).rows[0];
    const totals = (
      await db.query(
        `select (select count(*)::int from bookings) as bookings, (select count(*)::int from payments) as payments, (select count(*)::int from payments where status = 'failed') as failed`,
      )
    ).rows[0];
    console.log(
      `crash test round ${round}: ${acked.bookings.size} bookings and ${acked.paid.size} payments acknowledged so far; the database holds ${totals.bookings} bookings, ${totals.payments} payments (${totals.failed} failed), ${outbox.events} events delivered, ${outbox.mails} mails; wallets: ${JSON.stringify(walletStats)}${problems.length ? '' : ': all checks pass'}`,
    );
    if (problems.length) throw new Error(`crash test round ${round}:\n  ${problems.join('\n  ')}`);
  } finally {
    await db.end();
  }
}

async function main() {
  await admin(`CREATE DATABASE ${dbName}`);
  let server: ChildProcess | undefined;
  try {
    server = startServer();
    await waitReady();
    const clients = await signUpClients();
    const guides = (await call(clients[0]!, 'GET', '/api/v2/guides?limit=50')).json.data as { id: number }[];
    const guideIds = guides.map((g) => g.id);
    if (!guideIds.length) throw new Error('no guides to book');
    for (let round = 1; round <= ROUNDS; round++) {
      const stop = { now: false };
      const loads = clients.map((c) => load(c, guideIds, stop));
      await sleep(1500 + Math.random() * 2500);
      server.kill('SIGKILL');
      await new Promise((r) => server!.once('exit', r));
      stop.now = true;
      await Promise.all(loads);
      const restartedAt = new Date();
      server = startServer();
      await waitReady();
      await check(round, restartedAt);
    }
  } finally {
    server?.kill('SIGKILL');
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

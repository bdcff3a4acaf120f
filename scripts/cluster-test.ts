/**
 * The cluster test (decision 088): `npm run cluster`'s arrangement — PostgreSQL, Redis,
 * s3rver, two compiled instances, nginx — checked end to end through the balancer:
 *   1. requests land on both instances (X-Instance);
 *   2. an avatar and a payment proof uploaded through the balancer are read back from each instance;
 *   3. a chat message sent through one instance reaches a socket on the other;
 *   4. SIGTERM to one instance while 8 clients keep reading, booking and chatting through the balancer:
 *      0 failed requests, 0 lost messages, the stopped instance exits 0 within 10 s;
 *   4b. a job scheduled while both instances run executes exactly once (a booking's payment expiry);
 *   5. a password guesser is throttled after 10 wrong tries in total, whichever instance they reach;
 *   5b. one who forges a new X-Forwarded-For on each try is throttled all the same (decision 098);
 *   5b'. a 6 MB login body through nginx is a JSON 413;
 *   5c. nginx's access log holds the calendar feed's URL without its secret;
 *   6. app2 SIGKILLed while clients read through nginx: every GET is answered (retried on app1);
 *      with both instances down, an /api/ request gets nginx's JSON 502 `upstream_unavailable`.
 * Run: `node --import tsx scripts/cluster-test.ts` (after `npm run build`). Exit code 0 when all pass.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
// @ts-expect-error a plain ES module without types
import { startCluster } from './cluster.mjs';

interface Cluster {
  url: string;
  databaseUrl: string;
  instances: { id: string; port: number; child: ChildProcess }[];
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
  /** nginx's access log (deploy/nginx.conf's format). */
  nginxLog: string;
}

const started = performance.now();
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? '  ✓' : '  ✗'} ${what}`);
  if (!ok) failures.push(what);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cluster = (await startCluster({
  env: { CLUSTER_PORT: process.env.CLUSTER_PORT ?? '3880', CLUSTER_APP_PORTS: process.env.CLUSTER_APP_PORTS ?? '3881,3882', LOG_LEVEL: 'warn' },
  quiet: true,
  log: (line: string) => (line.includes('exited') ? console.log(line) : undefined),
})) as Cluster;
const lb = `http://127.0.0.1:${new URL(cluster.url).port}`;
const direct = cluster.instances.map((i) => `http://127.0.0.1:${i.port}`);
console.log(`cluster up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${cluster.url}`);

// The replies are read loosely here: the API tests check their schemas.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;
const json = async (base: string, method: string, path: string, token?: string, body?: unknown) => {
  const res = await fetch(base + path, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, instance: res.headers.get('x-instance'), body: (text ? JSON.parse(text) : {}) as Body };
};
const login = async (username: string, password: string) => {
  const res = await json(lb, 'POST', '/api/auth/login', undefined, { username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
};
const cid = () => `cl-${randomBytes(8).toString('hex')}`;

function socket(url: string) {
  const ws = new WebSocket(url);
  const received = new Set<string>();
  const waiters = new Map<string, () => void>();
  ws.on('message', (raw) => {
    const e = JSON.parse(String(raw)) as { type: string; payload?: { body?: string } };
    if (e.type !== 'new_message' || !e.payload?.body) return;
    received.add(e.payload.body);
    waiters.get(e.payload.body)?.();
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const waitFor = (body: string, ms = 5000) =>
    received.has(body)
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const t = setTimeout(() => resolve(false), ms);
          waiters.set(body, () => (clearTimeout(t), resolve(true)));
        });
  return { ws, opened, closed, received, waitFor };
}

try {
  // 1. Both instances answer through the balancer.
  const seen = new Set<string>();
  for (let i = 0; i < 10; i++) seen.add((await json(lb, 'GET', '/api/v2/cities')).instance ?? '?');
  check(seen.size === 2 && seen.has('app1') && seen.has('app2'), `requests through nginx land on both instances (${[...seen].join(', ')})`);

  const travelerToken = await login('traveler', 'traveler123');
  const guideToken = await login('guide', 'guide1234');

  // 2. An avatar uploaded through the balancer, read back from each instance.
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
  const uploaded = await fetch(`${lb}/api/me/avatar`, { method: 'POST', headers: { authorization: `Bearer ${travelerToken}` }, body: form });
  const picture = ((await uploaded.json()) as { profilePicture?: string }).profilePicture;
  check(uploaded.status === 200 && Boolean(picture), `avatar uploaded through the balancer (${uploaded.status}, by ${uploaded.headers.get('x-instance')})`);
  for (const [n, base] of direct.entries()) {
    const res = await fetch(new URL(picture!, base));
    check(res.status === 200 && (await res.arrayBuffer()).byteLength > 0, `the avatar is served by app${n + 1} (${res.status})`);
  }

  // 2b. The payment proof of the demo tour under way (seeded 'ongoing'), uploaded through the
  // balancer and read back from each instance (the file is in the bucket, not on one instance's disk).
  const seedDb = new pg.Client({ connectionString: cluster.databaseUrl });
  await seedDb.connect();
  const ongoing = (
    await seedDb.query(`select b.id from bookings b join users u on u.id = b.traveler_id where u.username = 'traveler' and b.status = 'ongoing' limit 1`)
  ).rows[0]?.id as number | undefined;
  await seedDb.end();
  const proofForm = new FormData();
  proofForm.append('file', new Blob([png], { type: 'image/png' }), 'receipt.png');
  const proof = await fetch(`${lb}/api/v2/bookings/${ongoing}/payment-proof`, { method: 'POST', headers: { authorization: `Bearer ${travelerToken}` }, body: proofForm });
  check(proof.status === 201, `payment proof uploaded through the balancer (booking ${ongoing}: ${proof.status}, by ${proof.headers.get('x-instance')})`);
  for (const [n, base] of direct.entries()) {
    const res = await fetch(`${base}/api/v2/bookings/${ongoing}/payment-proof/file`, { headers: { authorization: `Bearer ${travelerToken}` } });
    check(res.status === 200 && (await res.arrayBuffer()).byteLength > 0, `the payment proof is served by app${n + 1} (${res.status})`);
  }

  // 3. A chat message sent through app1 reaches the guide's socket on app2.
  const guideProfile = await json(lb, 'GET', '/api/guides/me', guideToken);
  const opened = await json(direct[0]!, 'POST', '/api/conversations', travelerToken, { guideId: guideProfile.body.id });
  const conversationId = opened.body.data?.conversation?.id as number;
  check(opened.status === 200 || opened.status === 201, `conversation opened (${opened.status})`);
  const guideSocket = socket(`${direct[1]!.replace('http', 'ws')}/ws?token=${guideToken}`);
  await guideSocket.opened;
  const hello = `hello across instances ${cid()}`;
  const sent = await json(direct[0]!, 'POST', `/api/conversations/${conversationId}/messages`, travelerToken, { clientMessageId: cid(), body: hello });
  check(sent.status === 201 || sent.status === 200, `message sent through app1 (${sent.status})`);
  check(await guideSocket.waitFor(hello), 'the guide’s socket on app2 received it');
  // The guide replies, so the traveler's messages are unlimited from here on (decision 050).
  await json(direct[1]!, 'POST', `/api/conversations/${conversationId}/messages`, guideToken, { clientMessageId: cid(), body: `reply ${cid()}` });
  guideSocket.ws.close();

  // 4b. A booking through the balancer schedules its payment expiry; made due at once, the job runs
  // exactly once while both instances poll (every 5 s) — one claim (attempts 1), the booking expired.
  let bookingId: number | undefined;
  for (let day = 10; day < 40 && !bookingId; day += 3) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    for (const startTime of ['10:00', '14:00']) {
      const r = await json(lb, 'POST', '/api/v2/bookings', travelerToken, { guideId: guideProfile.body.id, date, startTime, durationHours: 2, travelers: 1 });
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
    check(job?.status === 'done' && job.attempts === 1, `the job ran exactly once with both instances polling (${job?.status}, attempts ${job?.attempts}; booking ${booking.body.status})`);
  } finally {
    await db.end();
  }

  // 4. SIGTERM to app1 while 8 clients read, book and chat through the balancer.
  // 20 s of load around the stop. Chat every 28th step keeps each of the two senders (four clients
  // each) under 60 messages a minute (the send's pace, decision 160): about 26 each in the 20 s.
  const LOAD_MS = 20_000;
  let requests = 0;
  let booked = 0;
  const failed: string[] = [];
  const sentBodies: string[] = [];
  const sockets = [socket(`${lb.replace('http', 'ws')}/ws?token=${guideToken}`), socket(`${lb.replace('http', 'ws')}/ws?token=${travelerToken}`)];
  await Promise.all(sockets.map((s) => s.opened));
  const loadStart = Date.now();
  const client = async (n: number) => {
    const token = n % 2 === 0 ? travelerToken : guideToken;
    let k = 0;
    while (Date.now() - loadStart < LOAD_MS) {
      const reads = ['/api/me', '/api/conversations', `/api/conversations/${conversationId}/messages`, '/api/v2/guides?limit=12'];
      const path = reads[k % reads.length]!;
      const res = await json(lb, 'GET', path, token).catch((err: Error) => ({ status: 0, body: { message: err.message }, instance: null }));
      requests++;
      if (res.status !== 200) failed.push(`GET ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      if (k % 28 === 13) {
        const body = `load ${n}-${k} ${cid()}`;
        const r = await json(lb, 'POST', `/api/conversations/${conversationId}/messages`, token, { clientMessageId: cid(), body }).catch((err: Error) => ({
          status: 0,
          body: { message: err.message },
          instance: null,
        }));
        requests++;
        if (r.status === 200 || r.status === 201) sentBodies.push(body);
        else failed.push(`POST message: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      }
      if (n % 2 === 0 && k % 14 === 6) {
        // Booking: a taken slot is a fair answer (409); a failure is no answer or a 5xx.
        const date = new Date(Date.now() + (40 + ((n * 37 + k * 11) % 80)) * 86_400_000).toISOString().slice(0, 10);
        const r = await json(lb, 'POST', '/api/v2/bookings', token, { guideId: guideProfile.body.id, date, startTime: '10:00', durationHours: 2, travelers: 1 }).catch(
          (err: Error) => ({ status: 0, body: { message: err.message }, instance: null }),
        );
        requests++;
        if (r.status === 201) booked++;
        else if (r.status !== 409) failed.push(`POST booking: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      }
      k++;
      await sleep(100);
    }
  };
  const app1 = cluster.instances[0]!;
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => app1.child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const stopping = (async () => {
    await sleep(3_000);
    const at = Date.now();
    app1.child.kill('SIGTERM');
    await sleep(100);
    const ready = await fetch(`${direct[0]}/readyz`).catch(() => undefined);
    check(ready?.status === 503, `app1 says 503 on /readyz right after SIGTERM (${ready?.status})`);
    const { code, at: end } = await exited;
    check(code === 0 && end - at < 10_000, `app1 exited ${code} ${((end - at) / 1000).toFixed(1)} s after SIGTERM`);
  })();
  await Promise.all([...Array.from({ length: 8 }, (_, n) => client(n)), stopping]);
  check(failed.length === 0, `${requests} requests (${booked} bookings made) through the balancer during the stop, ${failed.length} failed${failed.length ? `: ${failed.slice(0, 3).join('; ')}` : ''}`);
  // How: the stopping app1 refused a GET (nginx says it passes those on), nginx passed it to app2 and
  // counted app1 failed, and sent it nothing new, so no POST met its port as it closed. The log is in
  // the order requests ended: after that line app1 can only have answered what was in flight then,
  // at most one request for each of the 8 clients (it would be about half of the grace's requests,
  // 30 or more, if nginx kept sending). A line's upstreams are those nginx tried, in order.
  const app1Addr = `127.0.0.1:${app1.port}`;
  const tried = readFileSync(cluster.nginxLog, 'utf8')
    .split('\n')
    .map((line) => /" \d{3} \d+ [\d.]+ (\S+(?:, \S+)*) (\S+(?:, \S+)*) [0-9a-f]{32}$/.exec(line))
    .map((m) => ({ upstreams: m?.[1]?.split(', ') ?? [], statuses: m?.[2]?.split(', ') ?? [] }));
  const upstreams = tried.map((t) => t.upstreams);
  // Refused by app1 with its 503 (a closed port would read 502), then answered by the other.
  const passedOn = tried.findIndex((t) => t.upstreams.length > 1 && t.upstreams[0] === app1Addr && t.statuses[0] === '503');
  const afterPassOn = passedOn < 0 ? [] : upstreams.slice(passedOn + 1).filter((u) => u.length > 0);
  const answeredByApp1 = afterPassOn.filter((u) => u[u.length - 1] === app1Addr).length;
  check(passedOn >= 0 && afterPassOn.length > 0 && answeredByApp1 <= 8, `once stopping app1 refused a GET, nginx passed it on and sent app1 nothing new: of the ${afterPassOn.length} requests after it, app1 answered ${answeredByApp1} (in flight, ≤ 8)`);
  // Every message sent is kept, and live sockets (reconnected to app2 after 1001) hear the later ones.
  const stored = new Set<string>();
  for (let before: number | null = null, pages = 0; pages < 20; pages++) {
    const page = await json(lb, 'GET', `/api/conversations/${conversationId}/messages?limit=50${before ? `&before=${before}` : ''}`, travelerToken);
    for (const m of (page.body.data ?? []) as { body: string }[]) stored.add(m.body);
    before = page.body.nextBefore as number | null;
    if (!before) break;
  }
  const lost = sentBodies.filter((b) => !stored.has(b));
  check(sentBodies.length > 0 && lost.length === 0, `${sentBodies.length} messages sent during the stop, ${lost.length} lost`);
  // The sockets were on app1 or app2; one on app1 closed with 1001 and the client would reconnect and refetch.
  await sleep(300);
  const afterBody = `after the stop ${cid()}`;
  const after = socket(`${lb.replace('http', 'ws')}/ws?token=${guideToken}`);
  await after.opened;
  const afterSent = await json(lb, 'POST', `/api/conversations/${conversationId}/messages`, travelerToken, { clientMessageId: cid(), body: afterBody });
  check(await after.waitFor(afterBody), `a socket opened after the stop receives a new message (${afterSent.status}, by ${afterSent.instance})`);
  for (const s of [...sockets, after]) s.ws.close();

  // 5. A password guesser, through the balancer and straight at app2: throttled after 10 tries in all.
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await json(i % 2 ? direct[1]! : lb, 'POST', '/api/auth/login', undefined, { username: 'guide', password: `wrong-${i}` })).status);
  check(statuses.slice(0, 10).every((s) => s === 401) && statuses.slice(10).every((s) => s === 429), `wrong passwords: ${statuses.join(' ')}`);

  const edgeStarted = performance.now();
  // 5b. A guesser who writes a new X-Forwarded-For on every try: nginx puts the address it saw in
  // the header and the app trusts that one hop, so it is one address and the pair limit (10) holds.
  const forged: number[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${lb}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${i}.${i + 1}` },
      body: JSON.stringify({ username: 'forger-target', password: `wrong-${i}` }),
    });
    forged.push(res.status);
  }
  const throttledAt = forged.indexOf(429);
  check(throttledAt > 0 && forged.slice(throttledAt).every((s) => s === 429), `40 wrong passwords, each with a forged X-Forwarded-For: 429 from try ${throttledAt + 1} (${forged.join(' ')})`);

  // 5b'. A body over the limit through nginx: the app reads it before refusing, so the 413 arrives.
  const big = await fetch(`${lb}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'x', password: 'x'.repeat(6 * 1024 * 1024) }) });
  const bigBody = (await big.json().catch(() => ({}))) as Body;
  check(big.status === 413 && bigBody.code === 'payload_too_large', `a 6 MB login body through nginx: ${big.status} ${bigBody.code}`);

  // 5c. nginx's access log names the calendar feed without its secret (the app's request line does too).
  const feedSecret = randomBytes(32).toString('base64url');
  const feed = await fetch(`${lb}/api/ical/${feedSecret}.ics`);
  await sleep(100);
  const accessLog = readFileSync(cluster.nginxLog, 'utf8');
  check(feed.status === 404 && accessLog.includes('GET /api/ical/[secret]') && !accessLog.includes(feedSecret), `nginx logs the calendar feed as /api/ical/[secret] (${feed.status})`);

  // 6. A crash. app1 (stopped in 4) comes back; app2 is SIGKILLed while 4 clients read through nginx:
  // the reads it had in hand and those after are answered by app1 (nginx retries idempotent requests).
  const restartStarted = performance.now();
  await cluster.restart(0);
  // nginx keeps an upstream it saw fail out of rotation for fail_timeout (5 s) even once it is back: app2's
  // crash is a test of retrying on app1 only once nginx sends app1 requests again (on a fast machine the
  // crash came first, and both were out: 502s).
  for (const until = Date.now() + 10_000; Date.now() < until; await sleep(100)) {
    if ((await json(lb, 'GET', '/api/v2/cities').catch(() => ({ instance: null }))).instance === 'app1') break;
  }
  const restartSeconds = ((performance.now() - restartStarted) / 1000).toFixed(1);
  const crashFailed: string[] = [];
  let crashReads = 0;
  const crashStart = Date.now();
  const reader = async () => {
    for (let k = 0; Date.now() - crashStart < 3_000; k++) {
      const path = k % 2 ? '/api/me' : '/api/v2/guides?limit=12';
      const res = await json(lb, 'GET', path, travelerToken).catch((err: Error) => ({ status: 0, body: { message: err.message }, instance: null }));
      crashReads++;
      if (res.status !== 200) crashFailed.push(`GET ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      await sleep(20);
    }
  };
  const crash = async (i: number) => {
    const { child } = cluster.instances[i]!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await Promise.all([reader(), reader(), reader(), reader(), sleep(1_000).then(() => crash(1))]);
  check(crashFailed.length === 0, `${crashReads} reads through nginx around app2's SIGKILL, ${crashFailed.length} failed${crashFailed.length ? `: ${crashFailed.slice(0, 3).join('; ')}` : ''}`);
  // Both down: nginx's own 502 for /api/ is JSON with a stable code, like the app's errors.
  await crash(0);
  const down = await fetch(`${lb}/api/v2/cities`);
  const downText = await down.text();
  const downCode = (() => {
    try {
      return (JSON.parse(downText) as Body).code as string;
    } catch {
      return downText.slice(0, 60).replace(/\s+/g, ' ');
    }
  })();
  check(down.status === 502 && /^application\/json/.test(down.headers.get('content-type') ?? '') && downCode === 'upstream_unavailable', `both instances down: /api/ answers ${down.status} ${down.headers.get('content-type')} ${downCode}`);
  console.log(`  (5b–6 took ${((performance.now() - edgeStarted) / 1000).toFixed(1)} s, ${restartSeconds} s of it bringing app1 back)`);
} catch (err) {
  failures.push(String(err instanceof Error ? err.stack : err));
  console.error(err);
} finally {
  await cluster.stop();
}
console.log(`cluster test: ${failures.length ? `${failures.length} failed` : 'all passed'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(failures.length ? 1 : 0);

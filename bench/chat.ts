/**
 * The chat series: BENCH_CHAT_CLIENTS WebSocket clients (1,000) on two app instances that
 * share one PostgreSQL database and fan out through Redis pub/sub. Half are travelers, half guides,
 * one conversation per pair, and the two sides of a pair sit on different instances. A guide sends
 * `POST /api/conversations/{id}/messages` to its own instance; the time runs until the `new_message`
 * event arrives on the traveler's socket on the other instance. Beside it, the same number of
 * clients on a bare `ws` echo server (its own process, same machine) at the same message rate: the
 * time from send until the echo arrives; and on the floor (bench/floor-server.ts), the least a stored
 * message's trip between two processes costs here. All three are an open load at BENCH_CHAT_RATE
 * messages per second in total, taking turns in 2 s slices.
 */
import { execSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import type WebSocket from 'ws';
import { runSeed } from '../src/server/db/seed/index';
import { openSockets, prepare, startBare } from './chat-clients';
import { summarizeCpuProfile } from './cpu-profile';
import {
  createDatabase,
  pgProfileArgs,
  quantile,
  request,
  root,
  startServer,
  stop,
  takeProfile,
  type Backend,
} from './lib';

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 1000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 50);
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 5);
const SLICE_S = 2;
/** A message not delivered this long after it was sent counts as lost. */
const LOST_AFTER_MS = 5000;
/** Chat's p99 target, against the echo's p99 (printed, not guarded: decision 161 says why). */
const CHAT_P99_TARGET = 8;

/** Why the chat series cannot run here (one line), or null when it can. */
export async function chatUnavailable(backend: Backend): Promise<string | null> {
  const missing: string[] = [];
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl)
    missing.push(
      'REDIS_URL is not set (Redis pub/sub carries messages between the two app instances; e.g. REDIS_URL=redis://127.0.0.1:6379)',
    );
  else {
    const redis = new Redis(redisUrl, {
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    let cause: Error | undefined;
    redis.on('error', (err: Error) => (cause ??= err));
    try {
      await redis.connect();
      await redis.ping();
    } catch (err) {
      missing.push(`Redis at ${redisUrl} does not answer (${(cause ?? (err as Error)).message})`);
    } finally {
      redis.disconnect();
    }
  }
  // Node raises its soft limit of open files to the hard one; this process holds two sockets per client (app, echo).
  const hard = execSync('ulimit -Hn', { shell: '/bin/sh', encoding: 'utf8' }).trim();
  const need = 2 * CLIENTS + 200;
  if (hard !== 'unlimited' && Number(hard) < need)
    missing.push(
      `only ${hard} open files are allowed (ulimit -Hn) and it needs ${need}: raise the limit or lower BENCH_CHAT_CLIENTS`,
    );
  if (backend.kind !== 'postgres')
    missing.push(
      'no PostgreSQL server answered (the two instances must share one database: BENCH_DATABASE_URL or DATABASE_URL)',
    );
  return missing.length ? `chat series skipped: ${missing.join('; and ')}` : null;
}

/** Message numbers, unique in the run. */
let counter = 0;

interface Slice {
  latencies: number[];
  lost: number;
  errors: number;
}

/**
 * Sends at RATE messages per second for `seconds` (an open load: the schedule does not wait for
 * answers), then waits until every message arrived or is counted lost.
 */
async function openLoad(
  seconds: number,
  send: (k: number, sentAt: number, fail: () => void) => void,
  pending: Map<number, number>,
  out: Slice,
): Promise<void> {
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - start) / 1000;
      const due = Math.min(Math.floor(elapsed * RATE), Math.floor(seconds * RATE));
      while (sent < due) {
        const k = ++counter;
        const t = performance.now();
        pending.set(k, t);
        send(k, t, () => {
          if (pending.delete(k)) out.errors++;
        });
        sent++;
      }
      if (elapsed >= seconds) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  const deadline = performance.now() + LOST_AFTER_MS;
  while (pending.size > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  out.lost += pending.size;
  pending.clear();
}

/**
 * The series' report, and what fails `npm run bench` (none when all held). `cpuDir`: run both
 * instances with --cpu-prof into it and summarize where their CPU went while chatting.
 */
export async function runChatSeries(
  backend: Backend,
  basePort: number,
  cpuDir?: string,
): Promise<{ lines: string[]; failures: string[] }> {
  const redisUrl = process.env.REDIS_URL!;
  const pairs = Math.floor(CLIENTS / 2);
  const started = performance.now();
  const children: ChildProcess[] = [];
  const sockets: WebSocket[] = [];
  const cleanup: (() => void)[] = [];
  const chatWindows: [bigint, bigint][] = [];
  let starting: Promise<ChildProcess>[] = [];
  const lines: string[] = [];
  const failures: string[] = [];
  const db = await createDatabase(backend, 'chat');
  try {
    const database = await db.open();
    try {
      await database.migrate();
      await runSeed(database.db, 'none');
    } finally {
      await database.close();
    }
    // The instances start while the users are written (their sockets connect once both are done).
    const ports = [basePort, basePort + 1];
    const echoPort = basePort + 2;
    const profileDir = mkdtempSync(path.join(tmpdir(), 'tabi-bench-chat-'));
    cleanup.push(() => rmSync(profileDir, { recursive: true, force: true }));
    const profiled = (i: number) => ({
      env: { REDIS_URL: redisUrl, BENCH_PG_PROFILE: path.join(profileDir, `pg-${i}.json`) },
      extraNodeArgs: [...pgProfileArgs(), ...(cpuDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuDir}/${i}`] : [])],
    });
    // The floor's two processes, on the same database (bench/floor-server.ts).
    const floorPorts = [basePort + 3, basePort + 4];
    const floorEnv = { DATABASE_URL: db.env.DATABASE_URL!, CHANNEL: `${db.name}_floor` };
    starting = [
      startServer(db, ports[0]!, profiled(0)),
      startServer(db, ports[1]!, profiled(1)),
      startBare('echo-server.ts', echoPort),
      ...floorPorts.map((port) => startBare('floor-server.ts', port, floorEnv)),
    ];
    for (const p of starting)
      void p.then(
        (c) => children.push(c),
        () => {},
      );
    const list = await prepare(db, pairs);
    console.log(
      `  ${pairs} pairs with sessions and conversations — ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // Wait for all three, so a failing one leaves no other behind unstopped.
    const settled = await Promise.allSettled(starting);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const [appA, appB] = settled.map((r) => (r as PromiseFulfilledResult<ChildProcess>).value);
    console.log(
      `  two app instances, the echo server and the floor up — ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const setupS = (performance.now() - started) / 1000;

    // Chat sockets: traveler i on one instance, guide i on the other. Only the travelers' matter here.
    const chatPending = new Map<number, number>();
    const chatSlice: Slice = { latencies: [], lost: 0, errors: 0 };
    const urls = list.flatMap((p) => [
      `ws://127.0.0.1:${ports[1 - p.guideSide]}/ws?token=${p.travelerToken}`,
      `ws://127.0.0.1:${ports[p.guideSide]}/ws?token=${p.guideToken}`,
    ]);
    const connectStart = performance.now();
    sockets.push(
      ...(await openSockets(urls, (i, data) => {
        if (i % 2 !== 0 || !data.includes('"new_message"')) return;
        const at = performance.now();
        const m = /"clientMessageId":"bench-msg-(\d+)"/.exec(data);
        const k = m ? Number(m[1]) : NaN;
        const sentAt = chatPending.get(k);
        if (sentAt !== undefined && chatPending.delete(k)) chatSlice.latencies.push(at - sentAt);
      })),
    );
    const connectS = (performance.now() - connectStart) / 1000;

    const echoPending = new Map<number, number>();
    const echoSlice: Slice = { latencies: [], lost: 0, errors: 0 };
    const echoSockets = await openSockets(
      Array.from({ length: pairs * 2 }, () => `ws://127.0.0.1:${echoPort}/`),
      (_i, data) => {
        const at = performance.now();
        const k = Number(data);
        const sentAt = echoPending.get(k);
        if (sentAt !== undefined && echoPending.delete(k)) echoSlice.latencies.push(at - sentAt);
      },
    );
    sockets.push(...echoSockets);

    // The floor's sockets, paired as the chat's: pair i's receiver on one floor process, its sender on the other.
    const floorPending = new Map<number, number>();
    const floorSlice: Slice = { latencies: [], lost: 0, errors: 0 };
    const floorSockets = await openSockets(
      list.flatMap((p, i) => [
        `ws://127.0.0.1:${floorPorts[1 - p.guideSide]}/?id=r${i}`,
        `ws://127.0.0.1:${floorPorts[p.guideSide]}/?id=s${i}`,
      ]),
      (_i, data) => {
        const at = performance.now();
        const k = Number(data);
        const sentAt = floorPending.get(k);
        if (sentAt !== undefined && floorPending.delete(k)) floorSlice.latencies.push(at - sentAt);
      },
    );
    sockets.push(...floorSockets);

    const agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
    const chatSend = (k: number, _t: number, fail: () => void) => {
      const p = list[k % list.length]!;
      const port = ports[p.guideSide]!;
      const i = k % list.length;
      request(
        agents[p.guideSide]!,
        port!,
        'POST',
        `/api/conversations/${p.conversationId}/messages`,
        {
          authorization: `Bearer ${p.guideToken}`,
          // Sends are limited per address; each guide is its own client.
          'x-forwarded-for': `10.7.${(i >> 8) & 255}.${i & 255}`,
        },
        { clientMessageId: `bench-msg-${k}`, body: 'こんにちは! See you at the station 明天见' },
      ).then((res) => {
        if (res.status !== 201) fail();
      });
    };
    const floorSend = (k: number, _t: number, fail: () => void) => {
      const i = k % list.length;
      floorSockets[2 * i + 1]!.send(`${k} r${i}`, (err) => err && fail());
    };
    const echoSend = (k: number, _t: number, fail: () => void) => {
      const ws = echoSockets[k % echoSockets.length]!;
      ws.send(String(k), (err) => err && fail());
    };

    // Warm-up, then the turns.
    const discard: Slice = { latencies: [], lost: 0, errors: 0 };
    await openLoad(1, echoSend, echoPending, discard);
    await openLoad(1, chatSend, chatPending, discard);
    await openLoad(1, floorSend, floorPending, discard);
    await Promise.all([
      takeProfile(appA!, path.join(profileDir, 'pg-0.json')),
      takeProfile(appB!, path.join(profileDir, 'pg-1.json')),
    ]);
    for (let r = 0; r < ROUNDS; r++) {
      await openLoad(SLICE_S, echoSend, echoPending, echoSlice);
      const from = process.hrtime.bigint() / 1000n;
      await openLoad(SLICE_S, chatSend, chatPending, chatSlice);
      chatWindows.push([from, process.hrtime.bigint() / 1000n]);
      await openLoad(SLICE_S, floorSend, floorPending, floorSlice);
      process.stdout.write(`\r  chat round ${r + 1} / ${ROUNDS}`);
    }
    console.log('');
    for (const agent of agents) agent.destroy();
    const profile = (
      await Promise.all([
        takeProfile(appA!, path.join(profileDir, 'pg-0.json')),
        takeProfile(appB!, path.join(profileDir, 'pg-1.json')),
      ])
    ).flat();
    const sentMessages = chatSlice.latencies.length + chatSlice.lost + chatSlice.errors;
    const requestPath = profile.filter((x) => !x.background);
    const statements = requestPath.reduce((t, x) => t + x.calls, 0);
    const statementMs = requestPath.reduce((t, x) => t + x.ms, 0);
    const afterCommit = profile.filter((x) => x.background).reduce((t, x) => t + x.calls, 0);

    const e = [...echoSlice.latencies].sort((x, y) => x - y);
    const c = [...chatSlice.latencies].sort((x, y) => x - y);
    const f = [...floorSlice.latencies].sort((x, y) => x - y);
    const ratio = (a: number[], b: number[], q: number) => (quantile(a, q) / quantile(b, q)).toFixed(1);
    const line = (s: Slice, sorted: number[]) =>
      `p50 ${quantile(sorted, 0.5).toFixed(1).padStart(6)} ms   p99 ${quantile(sorted, 0.99).toFixed(1).padStart(6)} ms   (${sorted.length} delivered, ${s.lost} lost, ${s.errors} refused)`;
    const total = (performance.now() - started) / 1000;
    lines.push(
      `  Chat: ${(pairs * 2).toLocaleString('en')} sockets (${pairs} travelers, ${pairs} guides; each pair split over 2 instances, Redis pub/sub), ${RATE} messages/s, ${ROUNDS}×${SLICE_S} s each`,
      `    set-up ${setupS.toFixed(0)} s, ${(pairs * 2).toLocaleString('en')} app sockets connected in ${connectS.toFixed(1)} s, whole series ${total.toFixed(0)} s`,
      `  bare ws echo, ${(pairs * 2).toLocaleString('en')} sockets, send → echo               ${line(echoSlice, e)}`,
      `  POST …/messages → new_message on the other instance  ${line(chatSlice, c)}`,
      `  floor: ws → stored and announced → ws on the other   ${line(floorSlice, f)}`,
      `    both instances' PostgreSQL statements per message sent: ${(statements / sentMessages).toFixed(1)} on the request path, ${(statementMs / sentMessages).toFixed(1)} ms of statement time; ${(afterCommit / sentMessages).toFixed(1)} after the commit (job runner)`,
      `  chat / bare ws echo: p50 ${ratio(c, e, 0.5)}×, p99 ${ratio(c, e, 0.99)}×;  floor / echo: p50 ${ratio(f, e, 0.5)}×, p99 ${ratio(f, e, 0.99)}×;  chat / floor: p50 ${ratio(c, f, 0.5)}×`,
      '',
      'Results (chat)',
      `  statements per chat message: ${(statements / sentMessages).toFixed(1)}   (target ≤ 4)`,
      `  chat p50 ${ratio(c, e, 0.5)}× echo, p99 ${ratio(c, e, 0.99)}×, ${chatSlice.lost} lost   (target: p50 ≤ 5× echo, p99 ≤ ${CHAT_P99_TARGET}×, 0 lost; the floor, a stored message with no app around it: p50 ${ratio(f, e, 0.5)}× echo)`,
    );
    // A message lost or refused fails `npm run bench` (decision 161).
    if (chatSlice.lost + chatSlice.errors > 0)
      failures.push(`${chatSlice.lost} chat messages lost and ${chatSlice.errors} refused`);
    if (floorSlice.lost + floorSlice.errors > 0)
      failures.push(
        `the floor lost ${floorSlice.lost} messages and refused ${floorSlice.errors}: its figures mean nothing`,
      );
  } finally {
    for (const ws of sockets) ws.terminate();
    await Promise.allSettled(starting); // a child still starting is stopped too
    await Promise.all(children.map(stop));
    await db.drop();
    for (const fn of cleanup) fn();
  }
  for (const i of [0, 1]) {
    const dir = cpuDir && path.join(cpuDir, String(i));
    const file = dir && existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.cpuprofile')) : undefined;
    if (dir && file)
      lines.push(
        `  Instance ${i === 0 ? 'A' : 'B'}'s CPU during the chat slices (${path.join(dir, file)}):`,
        ...summarizeCpuProfile(path.join(dir, file), root, chatWindows),
      );
  }
  return { lines, failures };
}

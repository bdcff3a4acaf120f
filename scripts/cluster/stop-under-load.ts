/**
 * Step 4 of the cluster test (scripts/cluster-test.ts): SIGTERM to one instance while 8 clients keep
 * reading, booking and chatting through the balancer; nothing fails, nothing is lost, it exits in time.
 */
import { readFileSync } from 'node:fs';
import type { Chat } from './across-instances';
import { check, cid, json, sleep, socket, type ClusterRun } from './harness';

export async function stopUnderLoad(
  { cluster, lb, direct, travelerToken, guideToken }: ClusterRun,
  { guideId, conversationId }: Chat,
) {
  // 4. SIGTERM to app1 while 8 clients read, book and chat through the balancer.
  // 20 s of load around the stop. Chat every 28th step keeps each of the two senders (four clients
  // each) under 60 messages a minute (the send's pace, decision 160): about 26 each in the 20 s.
  const LOAD_MS = 20_000;
  let requests = 0;
  let booked = 0;
  const failed: string[] = [];
  const sentBodies: string[] = [];
  const sockets = [
    socket(`${lb.replace('http', 'ws')}/ws?token=${guideToken}`),
    socket(`${lb.replace('http', 'ws')}/ws?token=${travelerToken}`),
  ];
  await Promise.all(sockets.map((s) => s.opened));
  const loadStart = Date.now();
  const client = async (n: number) => {
    const token = n % 2 === 0 ? travelerToken : guideToken;
    let k = 0;
    while (Date.now() - loadStart < LOAD_MS) {
      const reads = [
        '/api/me',
        '/api/conversations',
        `/api/conversations/${conversationId}/messages`,
        '/api/v2/guides?limit=12',
      ];
      const path = reads[k % reads.length]!;
      const res = await json(lb, 'GET', path, token).catch((err: Error) => ({
        status: 0,
        body: { message: err.message },
        instance: null,
      }));
      requests++;
      if (res.status !== 200) failed.push(`GET ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      if (k % 28 === 13) {
        const body = `load ${n}-${k} ${cid()}`;
        const r = await json(lb, 'POST', `/api/conversations/${conversationId}/messages`, token, {
          clientMessageId: cid(),
          body,
        }).catch((err: Error) => ({
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
        const r = await json(lb, 'POST', '/api/v2/bookings', token, {
          guideId,
          date,
          startTime: '10:00',
          durationHours: 2,
          travelers: 1,
        }).catch((err: Error) => ({ status: 0, body: { message: err.message }, instance: null }));
        requests++;
        if (r.status === 201) booked++;
        else if (r.status !== 409) failed.push(`POST booking: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      }
      k++;
      await sleep(100);
    }
  };
  const app1 = cluster.instances[0]!;
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    app1.child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
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
  check(
    failed.length === 0,
    `${requests} requests (${booked} bookings made) through the balancer during the stop, ${failed.length} failed${failed.length ? `: ${failed.slice(0, 3).join('; ')}` : ''}`,
  );
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
  const passedOn = tried.findIndex(
    (t) => t.upstreams.length > 1 && t.upstreams[0] === app1Addr && t.statuses[0] === '503',
  );
  const afterPassOn = passedOn < 0 ? [] : upstreams.slice(passedOn + 1).filter((u) => u.length > 0);
  const answeredByApp1 = afterPassOn.filter((u) => u[u.length - 1] === app1Addr).length;
  check(
    passedOn >= 0 && afterPassOn.length > 0 && answeredByApp1 <= 8,
    `once stopping app1 refused a GET, nginx passed it on and sent app1 nothing new: of the ${afterPassOn.length} requests after it, app1 answered ${answeredByApp1} (in flight, ≤ 8)`,
  );
  // Every message sent is kept, and live sockets (reconnected to app2 after 1001) hear the later ones.
  const stored = new Set<string>();
  for (let before: number | null = null, pages = 0; pages < 20; pages++) {
    const page = await json(
      lb,
      'GET',
      `/api/conversations/${conversationId}/messages?limit=50${before ? `&before=${before}` : ''}`,
      travelerToken,
    );
    for (const m of (page.body.data ?? []) as { body: string }[]) stored.add(m.body);
    before = page.body.nextBefore as number | null;
    if (!before) break;
  }
  const lost = sentBodies.filter((b) => !stored.has(b));
  check(
    sentBodies.length > 0 && lost.length === 0,
    `${sentBodies.length} messages sent during the stop, ${lost.length} lost`,
  );
  // The sockets were on app1 or app2; one on app1 closed with 1001 and the client would reconnect and refetch.
  await sleep(300);
  const afterBody = `after the stop ${cid()}`;
  const after = socket(`${lb.replace('http', 'ws')}/ws?token=${guideToken}`);
  await after.opened;
  const afterSent = await json(lb, 'POST', `/api/conversations/${conversationId}/messages`, travelerToken, {
    clientMessageId: cid(),
    body: afterBody,
  });
  check(
    await after.waitFor(afterBody),
    `a socket opened after the stop receives a new message (${afterSent.status}, by ${afterSent.instance})`,
  );
  for (const s of [...sockets, after]) s.ws.close();
}

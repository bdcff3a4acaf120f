/**
 * Steps 5–5c of the cluster test (scripts/cluster-test.ts): what the balancer's edge holds whichever
 * instance answers: the login throttle, a forged X-Forwarded-For, the body limit, the access log's secrets.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { check, json, sleep, type Body, type ClusterRun } from './harness';

export async function wrongPasswords({ lb, direct }: ClusterRun) {
  // 5. A password guesser, through the balancer and straight at app2: throttled after 10 tries in all.
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++)
    statuses.push(
      (
        await json(i % 2 ? direct[1]! : lb, 'POST', '/api/auth/login', undefined, {
          username: 'guide',
          password: `wrong-${i}`,
        })
      ).status,
    );
  check(
    statuses.slice(0, 10).every((s) => s === 401) && statuses.slice(10).every((s) => s === 429),
    `wrong passwords: ${statuses.join(' ')}`,
  );
}

export async function nginxEdge({ cluster, lb }: ClusterRun) {
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
  check(
    throttledAt > 0 && forged.slice(throttledAt).every((s) => s === 429),
    `40 wrong passwords, each with a forged X-Forwarded-For: 429 from try ${throttledAt + 1} (${forged.join(' ')})`,
  );

  // 5b'. A body over the limit through nginx: the app reads it before refusing, so the 413 arrives.
  const big = await fetch(`${lb}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'x', password: 'x'.repeat(6 * 1024 * 1024) }),
  });
  const bigBody = (await big.json().catch(() => ({}))) as Body;
  check(
    big.status === 413 && bigBody.code === 'payload_too_large',
    `a 6 MB login body through nginx: ${big.status} ${bigBody.code}`,
  );

  // 5c. nginx's access log names the calendar feed without its secret (the app's request line does too).
  const feedSecret = randomBytes(32).toString('base64url');
  const feed = await fetch(`${lb}/api/ical/${feedSecret}.ics`);
  await sleep(100);
  const accessLog = readFileSync(cluster.nginxLog, 'utf8');
  check(
    feed.status === 404 && accessLog.includes('GET /api/ical/[secret]') && !accessLog.includes(feedSecret),
    `nginx logs the calendar feed as /api/ical/[secret] (${feed.status})`,
  );
}

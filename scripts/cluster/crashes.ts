/**
 * Step 6 of the cluster test (scripts/cluster-test.ts): an instance SIGKILLed while clients read
 * through nginx, then both down; returns how long bringing the first back took, in seconds.
 */
import { performance } from 'node:perf_hooks';
import { check, json, sleep, type Body, type ClusterRun } from './harness';

export async function crashes({ cluster, lb, travelerToken }: ClusterRun): Promise<string> {
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
      const res = await json(lb, 'GET', path, travelerToken).catch((err: Error) => ({
        status: 0,
        body: { message: err.message },
        instance: null,
      }));
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
  check(
    crashFailed.length === 0,
    `${crashReads} reads through nginx around app2's SIGKILL, ${crashFailed.length} failed${crashFailed.length ? `: ${crashFailed.slice(0, 3).join('; ')}` : ''}`,
  );
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
  check(
    down.status === 502 &&
      /^application\/json/.test(down.headers.get('content-type') ?? '') &&
      downCode === 'upstream_unavailable',
    `both instances down: /api/ answers ${down.status} ${down.headers.get('content-type')} ${downCode}`,
  );
  return restartSeconds;
}

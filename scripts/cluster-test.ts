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
 * Each step is in scripts/cluster/, a file for each subject; this file starts the cluster and runs them in
 * this order. Run: `node --import tsx scripts/cluster-test.ts` (after `npm run build`). Exit code 0 when all pass.
 */
import { performance } from 'node:perf_hooks';
import { bothInstancesAnswer, chatAcrossInstances, filesOnEveryInstance } from './cluster/across-instances';
import { crashes } from './cluster/crashes';
import { nginxEdge, wrongPasswords } from './cluster/edge';
import { failures, json, type Cluster } from './cluster/harness';
import { jobRunsOnce } from './cluster/job-once';
import { stopUnderLoad } from './cluster/stop-under-load';
// @ts-expect-error a plain ES module without types
import { startCluster } from './cluster.mjs';

const started = performance.now();

const cluster = (await startCluster({
  env: {
    CLUSTER_PORT: process.env.CLUSTER_PORT ?? '3880',
    CLUSTER_APP_PORTS: process.env.CLUSTER_APP_PORTS ?? '3881,3882',
    LOG_LEVEL: 'warn',
  },
  quiet: true,
  log: (line: string) => (line.includes('exited') ? console.log(line) : undefined),
})) as Cluster;
const lb = `http://127.0.0.1:${new URL(cluster.url).port}`;
const direct = cluster.instances.map((i) => `http://127.0.0.1:${i.port}`);
console.log(`cluster up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${cluster.url}`);

const login = async (username: string, password: string) => {
  const res = await json(lb, 'POST', '/api/auth/login', undefined, { username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
};

try {
  await bothInstancesAnswer(lb);

  const travelerToken = await login('traveler', 'traveler123');
  const guideToken = await login('guide', 'guide1234');
  const run = { cluster, lb, direct, travelerToken, guideToken };
  await filesOnEveryInstance(run);
  const chat = await chatAcrossInstances(run);
  await jobRunsOnce(run, chat.guideId);
  await stopUnderLoad(run, chat);
  await wrongPasswords(run);
  const edgeStarted = performance.now();
  await nginxEdge(run);
  const restartSeconds = await crashes(run);
  console.log(
    `  (5b–6 took ${((performance.now() - edgeStarted) / 1000).toFixed(1)} s, ${restartSeconds} s of it bringing app1 back)`,
  );
} catch (err) {
  failures.push(String(err instanceof Error ? err.stack : err));
  console.error(err);
} finally {
  await cluster.stop();
}
console.log(
  `cluster test: ${failures.length ? `${failures.length} failed` : 'all passed'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failures.length ? 1 : 0);

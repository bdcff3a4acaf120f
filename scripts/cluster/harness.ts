/**
 * The cluster test's tools (scripts/cluster-test.ts): the record of checks every step writes to, a
 * loosely read JSON call and a chat socket that waits for a message; apart so each step's file uses the same ones.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

export interface Cluster {
  url: string;
  databaseUrl: string;
  instances: { id: string; port: number; child: ChildProcess }[];
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
  /** nginx's access log (deploy/nginx.conf's format). */
  nginxLog: string;
}

/**
 * What the steps share: the cluster, the balancer's and each instance's address, the demo traveler's and guide's
 * tokens.
 */
export interface ClusterRun {
  cluster: Cluster;
  lb: string;
  direct: string[];
  travelerToken: string;
  guideToken: string;
}

export const failures: string[] = [];
export const check = (ok: boolean, what: string) => {
  console.log(`${ok ? '  ✓' : '  ✗'} ${what}`);
  if (!ok) failures.push(what);
};
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The replies are read loosely here: the API tests check their schemas.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = Record<string, any>;
export const json = async (base: string, method: string, path: string, token?: string, body?: unknown) => {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, instance: res.headers.get('x-instance'), body: (text ? JSON.parse(text) : {}) as Body };
};
export const cid = () => `cl-${randomBytes(8).toString('hex')}`;

export function socket(url: string) {
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

/** Test helper: a `ws` client that collects real-time events (Node 20 has no global WebSocket). */
import WebSocket from 'ws';
import type { RealtimeEvent } from '../../shared/realtime';

/** A connected socket that collects events; `next(type)` waits for the next event of that type. */
export function connect(url: string) {
  const ws = new WebSocket(url);
  const events: RealtimeEvent[] = [];
  const waiters: { type: string; resolve: (e: RealtimeEvent) => void }[] = [];
  ws.on('message', (raw) => {
    const e = JSON.parse(String(raw)) as RealtimeEvent;
    const i = waiters.findIndex((w) => w.type === e.type);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(e);
    else events.push(e);
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const next = <T extends RealtimeEvent['type']>(type: T, ms = 3000) =>
    new Promise<Extract<RealtimeEvent, { type: T }>>((resolve, reject) => {
      const i = events.findIndex((e) => e.type === type);
      if (i >= 0) return resolve(events.splice(i, 1)[0] as Extract<RealtimeEvent, { type: T }>);
      const waiter = {
        type,
        resolve: (e: RealtimeEvent) => (clearTimeout(timer), resolve(e as Extract<RealtimeEvent, { type: T }>)),
      };
      // A waiter that gave up leaves: the next event of its type is kept for the next call, not lost.
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new Error(`no ${type} within ${ms} ms`));
      }, ms);
      waiters.push(waiter);
    });
  return { ws, opened, closed, next, events };
}

/**
 * The chat series' floor: the least a message's trip from one instance to another can cost on this
 * machine when it is stored before it is delivered, as chat's are (a send the database refuses — a
 * closed conversation, no credits left, too fast — must never reach the other side). Two of these
 * processes share one PostgreSQL database: a socket's text `k to` is inserted in one committed
 * statement that also announces it (`pg_notify`, heard at the commit by every process that listens:
 * the shortest way from one instance to another we know), and the process holding socket `to` sends it
 * `k`. No HTTP, no session, no rules, no JSON: what is left is the hops and the commit.
 * PORT, DATABASE_URL and CHANNEL come from the bench.
 */
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

const channel = process.env.CHANNEL!;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
const sockets = new Map<string, WebSocket>();

await pool.query(
  'CREATE TABLE IF NOT EXISTS bench_floor (id bigserial PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL DEFAULT now())',
);
await listener.connect();
listener.on('notification', (n) => {
  const [k, to] = (n.payload ?? '').split(' ');
  sockets.get(to!)?.send(k!);
});
await listener.query(`LISTEN ${channel}`);

const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.PORT), maxPayload: 4096 });
wss.on('connection', (ws, req) => {
  const id = new URL(req.url ?? '/', 'http://floor').searchParams.get('id') ?? '';
  sockets.set(id, ws);
  ws.on('close', () => sockets.delete(id));
  ws.on('message', (data) => {
    const text = String(data);
    pool
      .query({
        // Named, so PostgreSQL plans it once, as the app's statements are.
        name: 'floor-send',
        text: `WITH ins AS (INSERT INTO bench_floor (body) VALUES ($1) RETURNING body) SELECT pg_notify('${channel}', body) FROM ins`,
        values: [text],
      })
      .catch((err: unknown) => console.error(err));
  });
});
wss.on('listening', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  void Promise.allSettled([pool.end(), listener.end()]).then(() => process.exit(0));
});

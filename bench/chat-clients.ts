/**
 * Who takes part in the chat series (bench/chat.ts): the pairs of guide and traveler with their sessions and
 * conversation, their sockets, and the bare servers (the echo, the floor) it is measured beside.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { conversations, guides, sessions, users } from '../src/server/db/schema/index';
import { generateBulkGuides } from '../src/server/db/seed/guides';
import { signAccessToken } from '../src/server/modules/auth/tokens';
import { BENCH_JWT_SECRET, root, type BenchDatabase } from './lib';

export interface Pair {
  conversationId: number;
  travelerToken: string;
  guideToken: string;
  /** Index of the instance the guide's socket is on (the traveler's is the other one). */
  guideSide: 0 | 1;
}

/** Pairs of a generated guide and a new traveler, each with a session and their conversation. */
export async function prepare(db: BenchDatabase, pairs: number): Promise<Pair[]> {
  const database = await db.open();
  try {
    const d = database.db;
    await generateBulkGuides(d, pairs);
    const gs = await d
      .select({ id: guides.id, userId: guides.userId })
      .from(guides)
      .where(eq(guides.status, 'active'))
      .orderBy(guides.id)
      .limit(pairs);
    if (gs.length < pairs) throw new Error(`only ${gs.length} active guides for ${pairs} pairs`);
    const travelers = await d
      .insert(users)
      .values(
        gs.map((_, i) => ({
          username: `chattraveler${i}`,
          email: `chat${i}@bench.tabi`,
          passwordHash: 'disabled',
          fullName: `Chat Traveler ${i}`,
        })),
      )
      .returning({ id: users.id });
    const convs = await d
      .insert(conversations)
      .values(gs.map((g, i) => ({ travelerId: travelers[i]!.id, guideId: g.id, guideUserId: g.userId })))
      .returning({ id: conversations.id });
    // One insert for every session, then the tokens (what createSession does, a thousand times at once).
    const expiresAt = new Date(Date.now() + 3_600_000);
    const userIds = [...travelers.map((t) => t.id), ...gs.map((g) => g.userId)];
    const rows = await d
      .insert(sessions)
      .values(userIds.map((userId) => ({ userId, expiresAt })))
      .returning({ id: sessions.id, userId: sessions.userId });
    const tokens = await Promise.all(
      rows.map((r) => signAccessToken({ userId: r.userId, sessionId: r.id }, BENCH_JWT_SECRET, expiresAt)),
    );
    return gs.map((_, i) => ({
      conversationId: convs[i]!.id,
      travelerToken: tokens[i]!,
      guideToken: tokens[pairs + i]!,
      guideSide: (i % 2) as 0 | 1,
    }));
  } finally {
    await database.close();
  }
}

/** One of the series' bare servers (the echo, the floor) in its own process; resolves when it says it is ready. */
export function startBare(script: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', script)], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', () => reject(new Error(`${script} did not start`)));
  });
}

/** Opens sockets 50 at a time; each gets `onMessage`. */
export async function openSockets(urls: string[], onMessage: (i: number, data: string) => void): Promise<WebSocket[]> {
  const sockets: WebSocket[] = new Array(urls.length);
  for (let i = 0; i < urls.length; i += 50) {
    await Promise.all(
      urls.slice(i, i + 50).map(
        (url, j) =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(url);
            sockets[i + j] = ws;
            ws.on('message', (data) => onMessage(i + j, String(data)));
            ws.once('open', () => resolve());
            ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: HTTP ${res.statusCode}`)));
            ws.once('error', reject);
          }),
      ),
    );
  }
  return sockets;
}

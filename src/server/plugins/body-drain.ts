import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A refusal the client can read (decision 098). A body over the limit is refused before it is read
 * (Fastify answers 413 as soon as Content-Length says too much), and the connection then closes
 * while the client is still sending: Node's fetch and browsers report that as a network error
 * (EPIPE, "fetch failed") instead of the 413 and its code. So before an error reply goes out, what is
 * left of the request body is read and thrown away, up to a bound in bytes and time; past the bound
 * the connection is closed as before (a client sending that much gets no answer, as with any proxy).
 */
export interface DrainBound {
  maxBytes: number;
  maxMs: number;
}

/**
 * The bound for a server whose JSON bodies may be `bodyLimit` bytes: 4 times that, and at least 32 MB (above every
 * upload's limit).
 */
export function drainBound(bodyLimit: number): DrainBound {
  return { maxBytes: Math.max(4 * bodyLimit, 32 * 1024 * 1024), maxMs: 10_000 };
}

/** Reads and discards the rest of `raw`; true when it ended within the bound. */
export function drainRequest(raw: IncomingMessage, bound: DrainBound): Promise<boolean> {
  const declared = Number(raw.headers['content-length']);
  if (declared > bound.maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      if (!ended) raw.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > bound.maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(false);
    const timer = setTimeout(() => finish(false), bound.maxMs);
    raw.on('data', onData).once('end', onEnd).once('close', onClose).once('error', onClose);
    // A multipart parser may still be attached and paused: the handler is done, the rest is nobody's.
    raw.unpipe();
    raw.resume();
  });
}

export function registerBodyDrain(app: FastifyInstance, bound: DrainBound): void {
  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw;
    // Only an error reply to a body still arriving: a body read in full (or no body) has nothing left.
    if (reply.statusCode < 400 || raw.complete || raw.readableEnded || raw.destroyed) return;
    // Past the bound the rest stays unread: the connection must not be reused for another request.
    if (!(await drainRequest(raw, bound))) reply.header('connection', 'close');
  });
}

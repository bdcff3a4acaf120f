import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the project's local servers speaking an outside service's protocol (DeepL, Twilio, WeChat) share:
 * listening on loopback, answering JSON, holding answers for a "hanging" provider, and closing with
 * nothing left open, so a test's timeouts are the client's and not a socket's.
 */
export async function listenLocal(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Closes the server with every connection, kept-alive ones included. */
export async function closeLocal(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Answers a server holds unanswered (a provider that hangs), dropped when the server closes. */
export class HeldAnswers {
  private readonly held = new Set<ServerResponse>();

  hold(res: ServerResponse): void {
    this.held.add(res);
    res.on('close', () => this.held.delete(res));
  }

  async close(server: Server): Promise<void> {
    for (const res of this.held) res.destroy();
    await closeLocal(server);
  }
}

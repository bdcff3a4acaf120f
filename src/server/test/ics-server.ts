import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { HeldAnswers, listenLocal } from './local-server';

/**
 * How a calendar path answers: its file (`ok`, with an ETag and a Last-Modified, and 304 to a
 * request that names them), an HTTP error, never (`hang`), a body past any limit (`huge`), a page that
 * is no calendar (`html`), or a redirect to another address (`{ redirect }`).
 */
export type IcsMode = 'ok' | 'hang' | 'huge' | 'html' | number | { redirect: string };

export interface IcsRequest {
  path: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  authorization?: string;
}

export interface TestIcs {
  /** `host:port` of this server, for CALENDAR_IMPORT_ALLOW_HOSTS. */
  hostPort: string;
  /** The address of a path on this server (`/cal/1.ics`). */
  url(path: string): string;
  /** Sets a path's file (a new ETag and Last-Modified with it) and its mode back to `ok`. */
  serve(path: string, body: string): void;
  mode(path: string, mode: IcsMode): void;
  readonly requests: IcsRequest[];
  close(): Promise<void>;
}

/**
 * A local server publishing calendars as Google, Apple and Outlook publish a secret iCal address
 * (`text/calendar`, validators for a conditional read), and misbehaving on demand: the calendar
 * import's tests read from it (calendars.test.ts, fetch-calendar.test.ts; ics-cli.ts for the browser tests).
 */
export async function startIcsServer(port = 0): Promise<TestIcs> {
  const files = new Map<string, { body: string; etag: string; modified: string }>();
  const modes = new Map<string, IcsMode>();
  const requests: IcsRequest[] = [];
  const held = new HeldAnswers();
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({
      path,
      ifNoneMatch: req.headers['if-none-match'],
      ifModifiedSince: req.headers['if-modified-since'],
      authorization: req.headers.authorization,
    });
    const mode = modes.get(path) ?? 'ok';
    if (mode === 'hang') return held.hold(res);
    if (typeof mode === 'object') return void res.writeHead(302, { location: mode.redirect }).end();
    if (typeof mode === 'number') return void res.writeHead(mode, { 'content-type': 'text/plain' }).end('error');
    if (mode === 'html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>');
    if (mode === 'huge') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.write('BEGIN:VCALENDAR\r\n');
      return void res.end(`X-PAD:${'x'.repeat(3 * 1024 * 1024)}\r\nEND:VCALENDAR\r\n`);
    }
    const file = files.get(path);
    if (!file) return void res.writeHead(404).end();
    if (req.headers['if-none-match'] === file.etag || req.headers['if-modified-since'] === file.modified)
      return void res.writeHead(304, { etag: file.etag, 'last-modified': file.modified }).end();
    res
      .writeHead(200, {
        'content-type': 'text/calendar; charset=utf-8',
        etag: file.etag,
        'last-modified': file.modified,
      })
      .end(file.body);
  });
  const bound = await listenLocal(server, port);
  return {
    hostPort: `127.0.0.1:${bound}`,
    url: (path) => `http://127.0.0.1:${bound}${path}`,
    serve(path, body) {
      clock += 60_000;
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
      files.set(path, { body, etag, modified: new Date(clock).toUTCString() });
      modes.set(path, 'ok');
    },
    mode: (path, mode) => void modes.set(path, mode),
    requests,
    close: () => held.close(server),
  };
}

/** One VEVENT's lines, as a calendar application writes them (CRLF; a title that must never be stored). */
export function vevent(lines: Record<string, string> | string[]): string {
  const body = Array.isArray(lines) ? lines : Object.entries(lines).map(([k, v]) => `${k}:${v}`);
  return ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...body, 'END:VEVENT'].join('\r\n');
}

/** A whole calendar file around some events (and the VTIMEZONEs it carries). */
export function vcalendar(...parts: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Calendar//EN', ...parts, 'END:VCALENDAR', ''].join('\r\n');
}

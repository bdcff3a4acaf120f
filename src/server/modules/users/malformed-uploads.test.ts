import net from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, nextAddress, signUp } from '../../test/accounts';
import type { TestApp } from '../../test/test-app';
import { imagesSuite, multipart, PNG } from './test-helpers';

/**
 * The avatar and background image routes given a broken multipart body or connection: apart from what is
 * stored, served and refused as an image (images.test.ts).
 */
const suite = imagesSuite();
const { me } = suite;
let t: TestApp;
beforeAll(() => {
  t = suite.fixture.t;
});

describe('a malformed multipart body is a 400 with a stable code, never a 500', () => {
  const good = () => multipart(PNG);
  const boundaryOf = (headers: { 'content-type': string }) => headers['content-type'].split('boundary=')[1]!;
  const cases: [string, () => { payload: Buffer; headers: Record<string, string> }][] = [
    [
      'no boundary in the Content-Type',
      () => ({ payload: good().payload, headers: { 'content-type': 'multipart/form-data' } }),
    ],
    [
      'an empty boundary',
      () => ({ payload: good().payload, headers: { 'content-type': 'multipart/form-data; boundary=' } }),
    ],
    [
      'a body cut short inside the file',
      () => {
        const m = good();
        return { payload: m.payload.subarray(0, m.payload.length - 40), headers: m.headers };
      },
    ],
    [
      'a body cut short inside the part headers',
      () => {
        const m = good();
        return { payload: m.payload.subarray(0, 60), headers: m.headers };
      },
    ],
    [
      'a boundary that never appears in the body',
      () => ({
        payload: good().payload,
        headers: { 'content-type': 'multipart/form-data; boundary=not-the-one-used' },
      }),
    ],
    ['an empty body', () => ({ payload: Buffer.alloc(0), headers: good().headers })],
    [
      'a closing boundary only',
      () => {
        const m = good();
        return { payload: Buffer.from(`--${boundaryOf(m.headers)}--\r\n`), headers: m.headers };
      },
    ],
  ];
  for (const route of ['/api/me/avatar', '/api/me/background-image']) {
    it.each(cases)(`${route}: %s`, async (_name, make) => {
      const a = await signUp(t);
      const { payload, headers } = make();
      const res = await t.app.inject({
        method: 'POST',
        url: route,
        payload,
        headers: { ...headers, ...bearer(a.token) },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(['bad_request', 'validation_failed']).toContain(res.json().code);
      expect(res.json().requestId).toBeTruthy();
      const user = (await me(a.token)).json();
      expect([user.profilePicture, user.backgroundImage]).toEqual([null, null]);
    });
  }

  it('a connection that stops sending mid-upload ("Premature close") is the client\'s fault, not a 500', async () => {
    const a = await signUp(t);
    const { port } = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    // The test app logs nowhere; its request loggers are app.log itself, so spying on it sees what the route reports.
    const errorLog = vi.spyOn(t.app.log, 'error');
    const infoLog = vi.spyOn(t.app.log, 'info');
    try {
      const m = good();
      // Promises 4 KB more than it sends, then closes its sending side: the server sees the body end early.
      const head = `POST /api/me/avatar HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${a.token}\r\nContent-Type: ${m.headers['content-type']}\r\nContent-Length: ${m.payload.length + 4096}\r\n\r\n`;
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = net.connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        socket.end(Buffer.concat([Buffer.from(head), m.payload.subarray(0, m.payload.length - 30)]));
      });
      // Node itself answers an incomplete request with 400 (Fastify's clientErrorHandler) ...
      expect(reply).toMatch(/^HTTP\/1\.1 400 /);
      // ... and the route, which sees "Premature close" while reading the file, must not turn it into a 500.
      // (Whether the parser had started when the connection closed depends on how fast the session check was.)
      const reported = () =>
        [...errorLog.mock.calls, ...infoLog.mock.calls].some((call) => /multipart|unhandled/.test(String(call[1])));
      await vi.waitFor(
        () =>
          expect(
            reported(),
            JSON.stringify([errorLog.mock.calls.map((c) => c[1]), infoLog.mock.calls.map((c) => c[1])]),
          ).toBe(true),
        { timeout: 5000 },
      );
      expect(errorLog).not.toHaveBeenCalled();
      expect(infoLog).toHaveBeenCalledWith({ err: expect.any(Error) }, 'malformed multipart upload');
    } finally {
      errorLog.mockRestore();
      infoLog.mockRestore();
    }
    expect((await me(a.token)).json().profilePicture).toBeNull();
  });
});

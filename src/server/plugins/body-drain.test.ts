import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * A body over the limit sent by a real client to a real port (what inject cannot show): the server
 * refuses it before reading it, and the client must still read the 413 and its code (decision 098).
 * The client is Node's fetch in a process of its own, as a client always is: in the server's own
 * process the two share one event loop and the sending always finished before the refusal arrived.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Sends the same 6 MB body 10 times, one after another; each try is "status code" or fetch's error. */
const CLIENT = `
const [url, kind, token] = process.argv.slice(1);
const big = 'x'.repeat(6 * 1024 * 1024);
const seen = [];
for (let i = 0; i < 10; i++) {
  let init;
  if (kind === 'json') {
    init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'someone', password: big }) };
  } else {
    const form = new FormData();
    form.append('file', new Blob([big], { type: 'image/png' }), 'big.png');
    init = { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form };
  }
  try {
    const res = await fetch(url, init);
    seen.push(res.status + ' ' + (await res.json()).code);
  } catch (err) {
    seen.push(err.message + ' ' + err.cause?.code);
  }
}
console.log(JSON.stringify(seen));
`;

async function tenTries(path: string, kind: 'json' | 'multipart', token = ''): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '-e',
    CLIENT,
    base + path,
    kind,
    token,
  ]);
  return JSON.parse(stdout) as string[];
}

describe('a body over the limit', () => {
  it('reaches a client as a readable 413 payload_too_large: 10 tries of 6 MB to /api/auth/login with fetch', async () => {
    expect(await tenTries('/api/auth/login', 'json')).toEqual(Array<string>(10).fill('413 payload_too_large'));
  });

  it('and an upload over its size limit too: 10 tries of a 6 MB avatar (the limit is 5 MB)', async () => {
    const user = await signUp(t);
    expect(await tenTries('/api/me/avatar', 'multipart', user.token)).toEqual(
      Array<string>(10).fill('413 payload_too_large'),
    );
  });
});

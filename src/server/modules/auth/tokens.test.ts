import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'test-secret-that-is-long-enough-0123456789';
const SID = '3f2b8c1e-0000-4000-8000-000000000001';
const b64 = (x: unknown) => Buffer.from(typeof x === 'string' ? x : JSON.stringify(x)).toString('base64url');
/** A token written by hand: any header and claims, signed with HMAC-SHA256 under `secret`. */
const handMade = (header: unknown, claims: unknown, secret = SECRET) => {
  const signed = `${b64(header)}.${b64(claims)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
};
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const codeOf = (token: string) => {
  try {
    verifyAccessToken(token, SECRET);
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code;
  }
};

describe('access tokens', () => {
  it('verifies what signAccessToken (jose) signs', async () => {
    const token = await signAccessToken({ userId: 42, sessionId: SID }, SECRET, new Date(Date.now() + 60_000));
    expect(verifyAccessToken(token, SECRET)).toEqual({ userId: 42, sessionId: SID });
  });

  it('an expired token is TOKEN_EXPIRED; one signed with another secret is unauthorized', async () => {
    expect(codeOf(await signAccessToken({ userId: 42, sessionId: SID }, SECRET, new Date(Date.now() - 1000)))).toBe(
      'TOKEN_EXPIRED',
    );
    expect(
      codeOf(
        await signAccessToken(
          { userId: 42, sessionId: SID },
          'another-secret-that-is-long-enough-987654',
          new Date(Date.now() + 60_000),
        ),
      ),
    ).toBe('unauthorized');
  });

  it('refuses every other algorithm, a critical header, and a changed payload', async () => {
    const claims = { sub: '42', sid: SID, exp: inAnHour() };
    expect(codeOf(handMade({ alg: 'HS256' }, claims))).toBe('ok');
    expect(codeOf(`${b64({ alg: 'none' })}.${b64(claims)}.`)).toBe('unauthorized');
    expect(codeOf(`${b64({ alg: 'none' })}.${b64(claims)}`)).toBe('unauthorized');
    expect(codeOf(handMade({ alg: 'HS512' }, claims))).toBe('unauthorized');
    expect(codeOf(handMade({ alg: 'HS256', crit: ['b64'], b64: false }, claims))).toBe('unauthorized');
    const token = handMade({ alg: 'HS256' }, claims);
    const [h, , s] = token.split('.');
    expect(codeOf(`${h}.${b64({ ...claims, sub: '1' })}.${s}`)).toBe('unauthorized');
  });

  it('needs a numeric exp, a user id in sub, a session id, and nbf passed', () => {
    const ok = { sub: '42', sid: SID, exp: inAnHour() };
    expect(codeOf(handMade({ alg: 'HS256' }, { sub: '42', sid: SID }))).toBe('unauthorized');
    expect(codeOf(handMade({ alg: 'HS256' }, { ...ok, exp: String(inAnHour()) }))).toBe('unauthorized');
    expect(codeOf(handMade({ alg: 'HS256' }, { ...ok, sub: 'admin' }))).toBe('unauthorized');
    expect(codeOf(handMade({ alg: 'HS256' }, { ...ok, sub: '4.2' }))).toBe('unauthorized');
    expect(codeOf(handMade({ alg: 'HS256' }, { ...ok, sub: 42 }))).toBe('unauthorized');
    expect(codeOf(handMade({ alg: 'HS256' }, { ...ok, sid: 7 }))).toBe('unauthorized');
    expect(codeOf(handMade({ alg: 'HS256' }, { ...ok, nbf: inAnHour() }))).toBe('unauthorized');
    expect(codeOf(handMade({ alg: 'HS256' }, { ...ok, nbf: inAnHour() - 7200 }))).toBe('ok');
    expect(codeOf(handMade({ alg: 'HS256' }, [ok]))).toBe('unauthorized');
  });

  it('refuses what is not a JWT', () => {
    for (const junk of ['', 'abc', 'a.b', 'a.b.c.d', '..', 'e30.e30.', 'ä.ö.ü', `${b64('not json')}.${b64({})}.AAAA`])
      expect(codeOf(junk)).toBe('unauthorized');
  });
});

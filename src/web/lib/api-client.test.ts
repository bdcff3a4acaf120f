import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildUrl, setUnauthorizedListener } from './api-client';
import { STORAGE_KEYS } from './storage-keys';

const reply = (status: number, body: unknown) =>
  vi
    .fn()
    .mockImplementation(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedListener(undefined);
});

describe('apiRequest', () => {
  it('sends JSON with the bearer token and credentials', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    const fetchMock = reply(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.headers.Authorization).toBe('Bearer tok-1');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it("throws 'status: body text' with the server's code on a non-OK reply", async () => {
    vi.stubGlobal('fetch', reply(409, { code: 'username_taken', message: 'taken' }));
    const err = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('409: {"code":"username_taken","message":"taken"}');
    expect((err as ApiError).code).toBe('username_taken');
  });

  it('keeps an unreadable error body as text without a code', async () => {
    vi.stubGlobal('fetch', reply(502, '<html>Bad gateway</html>'));
    const err = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('502: <html>Bad gateway</html>');
    expect(err.code).toBeUndefined();
  });

  it('tells the session listener about a 401 and whether a token was sent', async () => {
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    vi.stubGlobal('fetch', reply(401, { code: 'unauthorized', message: 'Authentication required' }));
    await apiRequest('/api/x').catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![1]).toBe(false);
    vi.stubGlobal('fetch', reply(401, { code: 'TOKEN_EXPIRED', message: 'expired' }));
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    await apiRequest('/api/x').catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener.mock.calls[1]![0].code).toBe('TOKEN_EXPIRED');
    expect(listener.mock.calls[1]![1]).toBe(true);
  });

  it('leaves the session alone for a 401 whose token was logged out while the request was on its way', async () => {
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => {
        localStorage.removeItem(STORAGE_KEYS.token); // logging out, meanwhile
        return new Response(JSON.stringify({ code: 'unauthorized', message: 'Authentication required' }), {
          status: 401,
        });
      }),
    );
    const err = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('buildUrl', () => {
  it('repeats array parameters and drops empty ones', () => {
    expect(
      buildUrl('/api/v2/guides', { city: 'kyoto', services: [3, 5], date: '', page: undefined, travelers: 2 }),
    ).toBe('/api/v2/guides?city=kyoto&services=3&services=5&travelers=2');
    expect(buildUrl('/api/x', {})).toBe('/api/x');
  });
});

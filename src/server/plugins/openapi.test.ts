import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { operationIdOf } from './openapi';

/** What a generated client reads in /api/docs/json (decision 186): servers, each operation's id and security. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    build: {
      extraRoutes: (app) =>
        app.get(
          '/api/v2/test-only/named',
          { schema: { operationId: 'readTheTestRoute', summary: 'A route that names its own id' } },
          async () => ({}),
        ),
    },
  });
});
afterAll(() => t.close());

interface Operation {
  operationId?: string;
  security?: unknown[];
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: { required?: string[] } }> }>;
  requestBody?: { content?: Record<string, { example?: unknown }> };
}

async function operations(): Promise<[string, Operation][]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    servers?: unknown[];
    paths: Record<string, Record<string, Operation>>;
  };
  expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([m, op]): [string, Operation] => [`${m.toUpperCase()} ${p}`, op]),
  );
}

describe('the OpenAPI document', () => {
  it('gives every operation a unique id, derived from method and path unless the route names one', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(200);
    const ids = ops.map(([, op]) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const byRoute = new Map(ops.map(([route, op]) => [route, op.operationId]));
    expect(byRoute.get('GET /api/v2/guides/{id}/quote')).toBe('getGuidesByIdQuote');
    expect(byRoute.get('POST /api/auth/login')).toBe('postAuthLogin');
    expect(byRoute.get('GET /api/v2/test-only/named')).toBe('readTheTestRoute');
  });

  it('declares security on every operation: a bearer token where a guard reads one, none where it is public', async () => {
    const byRoute = new Map(await operations());
    expect([...byRoute].filter(([, op]) => !Array.isArray(op.security))).toEqual([]);
    expect(byRoute.get('POST /api/auth/login')?.security).toEqual([]);
    expect(byRoute.get('GET /api/me')?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('lists the OCTO API under its own tag, with the reseller key and OCTO’s error shape (decisions 201–203)', async () => {
    const octo = (await operations()).filter(([route]) => route.includes(' /api/octo/'));
    expect(octo.map(([route]) => route).sort()).toEqual([
      'DELETE /api/octo/webhooks/{id}',
      'GET /api/octo/bookings',
      'GET /api/octo/bookings/{uuid}',
      'GET /api/octo/products',
      'GET /api/octo/products/{id}',
      'GET /api/octo/supplier',
      'GET /api/octo/webhooks',
      'PATCH /api/octo/bookings/{uuid}',
      'POST /api/octo/availability',
      'POST /api/octo/availability/calendar',
      'POST /api/octo/bookings',
      'POST /api/octo/bookings/{uuid}/cancel',
      'POST /api/octo/bookings/{uuid}/confirm',
      'POST /api/octo/bookings/{uuid}/extend',
      'POST /api/octo/webhooks',
    ]);
    for (const [, op] of octo) {
      expect(op.tags).toEqual(['octo']);
      expect(op.security).toEqual([{ octoKey: [] }]);
      expect(op.responses?.['400']?.content?.['application/json']?.schema?.required).toEqual(['error', 'errorMessage']);
    }
    // A reseller's engineer copies a reservation from the document (decision 202).
    const reserve = octo.find(([route]) => route === 'POST /api/octo/bookings')![1];
    const example = reserve.requestBody?.content?.['application/json']?.example as { optionId: string } | undefined;
    expect(example?.optionId).toBe('hours-3');
  });
});

describe('operationIdOf', () => {
  it('reads method and path, without the api and version prefixes, parameters as By<Name>', () => {
    expect(operationIdOf('GET', '/api/v2/guides/:id/quote')).toBe('getGuidesByIdQuote');
    expect(operationIdOf('PATCH', '/api/v2/system-messages/{id}/read')).toBe('patchSystemMessagesByIdRead');
    expect(operationIdOf('PATCH', '/api/v2/system-messages/read')).toBe('patchSystemMessagesRead');
    expect(operationIdOf('GET', '/healthz')).toBe('getHealthz');
  });

  it('stops the build when two routes would share an id', async () => {
    await expect(
      createTestApp({ build: { extraRoutes: (app) => app.get('/api/v3/me', async () => ({})) } }),
    ).rejects.toThrow(/operationId getMe/);
  });
});

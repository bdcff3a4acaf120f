import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/schemas/common';
import { AppError } from '../lib/app-error';
import { createTestApp, type TestApp } from '../test/test-app';
import { shapeStatuses } from './declared-statuses';

type Responses = Record<
  string,
  { description?: string; content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    build: {
      // No web build: with one, the router answers an over-long path parameter with its 404 instead of 414.
      webRoot: mkdtempSync(path.join(tmpdir(), 'tabi-no-web-')),
      extraRoutes: (app) => {
        app.post(
          '/api/test/declared/:id',
          {
            schema: {
              params: z.object({ id: z.coerce.number() }),
              response: { 200: z.object({ ok: z.boolean() }), 409: errorBodySchema },
            },
          },
          async (request) => {
            if (request.params.id === 1)
              throw new AppError(
                'payment_in_progress',
                'Still charging',
                [{ path: 'payment', message: 'processing' }],
                { retryAfter: 7 },
              );
            // `extra` is not in the 200 schema: the reply leaves without it, as it always did.
            return { ok: true, extra: 'not in the schema' };
          },
        );
      },
    },
  });
});
afterAll(() => t.close());

const responses = (path: string, method: string): Responses =>
  (t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Responses }>> }).paths[path]![
    method
  ]!.responses;

describe('declared statuses', () => {
  it('derives the statuses a route can answer from its shape', () => {
    const get = { method: 'GET', url: '/api/v2/bookings/:id' } as const;
    expect(shapeStatuses(get, { readsToken: true, adminOnly: false })).toEqual([400, 401, 404, 414, 500]);
    expect(
      shapeStatuses(
        { method: 'POST', url: '/api/auth/login', config: { rateLimit: { max: 1 } } },
        { readsToken: false, adminOnly: false },
      ),
    ).toEqual([400, 413, 415, 429, 500]);
    expect(shapeStatuses({ method: 'GET', url: '/api/admin/users' }, { readsToken: true, adminOnly: true })).toEqual([
      400, 401, 404, 500,
    ]);
    expect(
      shapeStatuses({ method: ['GET', 'HEAD'], url: '/api/v2/cities' }, { readsToken: false, adminOnly: false }),
    ).toEqual([400, 500]);
    // An upload: the file store may be down (503 storage_unavailable, decision 101).
    const upload = { method: 'POST', url: '/api/me/avatar', schema: { consumes: ['multipart/form-data'] } } as const;
    expect(shapeStatuses(upload, { readsToken: true, adminOnly: false })).toEqual([400, 401, 413, 415, 500, 503]);
  });

  it('the OpenAPI document declares them with the error body, beside the route’s own', () => {
    const booking = responses('/api/v2/bookings/{id}', 'get');
    expect(Object.keys(booking).sort()).toEqual(['200', '400', '401', '404', '414', '500']);
    expect(Object.keys(booking['404']!.content!['application/json']!.schema!.properties!)).toEqual([
      'code',
      'message',
      'fields',
      'retryAfter',
      'requestId',
    ]);
    expect(booking['404']!.description).toBe("Not Found: the body's `code` says which");
    // A route's own statuses stay: accepting a request can meet a booking in another state.
    expect(Object.keys(responses('/api/v2/bookings/{id}/accept', 'post'))).toContain('409');
    expect(Object.keys(responses('/api/v2/bookings/{id}/payments', 'post'))).toEqual(
      expect.arrayContaining(['201', '402', '409', '413', '415', '429']),
    );
    expect(Object.keys(responses('/api/me/avatar', 'post'))).toContain('503');
  });

  it('an error reply keeps every field the error handler sends', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/declared/1' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({
      code: 'payment_in_progress',
      message: 'Still charging',
      fields: [{ path: 'payment', message: 'processing' }],
      retryAfter: 7,
      requestId: res.headers['x-request-id'],
    });
    // A shape status (here 415 and 400) is serialized the same way.
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/test/declared/2',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json()).toEqual({
      code: 'unsupported_media_type',
      message: 'Send the body as application/json',
      requestId: notJson.headers['x-request-id'],
    });
    const invalid = await t.app.inject({ method: 'POST', url: '/api/test/declared/abc' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'validation_failed', fields: [{ path: 'params.id' }] });
  });

  it('a path parameter over the router’s length limit is a JSON 414 uri_too_long, declared by every route with one', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/bookings/${'1'.repeat(200)}` });
    expect(res.statusCode).toBe(414);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({
      code: 'uri_too_long',
      message: 'The request URL is too long',
      requestId: expect.any(String),
    });
    expect(Object.keys(responses('/api/v2/bookings/{id}', 'get'))).toContain('414');
  });

  it('a success reply is serialized by its own schema, as before', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/declared/2' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"ok":true}');
  });
});

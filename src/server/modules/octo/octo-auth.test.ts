import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { daysAhead, person, type Person } from '../bookings/test-helpers';
import { OCTO_REQUESTS_PER_MINUTE } from './index';
import { octo, octoValid, reseller, resellingGuide } from './test-helpers';

/**
 * The OCTO API's door (decision 201): a reseller's key or 401, OCTO's error shape for every failure under
 * /api/octo and never a 5xx for a bad request, the product's own shape everywhere else.
 */
let t: TestApp;
let admin: Person;
let key: string;
let product: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  admin = await person(t, { admin: true });
  key = (await reseller(t, admin, 'Trip Partner', 15)).apiKey;
  product = `guide-${(await resellingGuide(t)).guideId}`;
});
afterAll(() => t.close());

describe('the key', () => {
  it('is asked for: none, a wrong one or a user’s session token is 401 UNAUTHORIZED', async () => {
    for (const k of [null, 'octo_wrong', admin.token]) {
      const res = await octo(t, '/supplier', { key: k });
      expect(res.statusCode).toBe(401);
      expect(octoValid('zErrorUnauthorized', res.json()).error).toBe('UNAUTHORIZED');
    }
    const basic = await octo(t, '/products', {
      headers: { authorization: `Basic ${Buffer.from(key).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('opens the supplier: the operator of the commerce disclosure, this API as its endpoint', async () => {
    const res = await octo(t, '/supplier', { key });
    expect(res.statusCode).toBe(200);
    const supplier = octoValid('zSupplier', res.json());
    const disclosure = (await t.app.inject({ url: '/api/legal/commerce' })).json();
    expect(supplier.name).toBe(disclosure.operator.name);
    expect(supplier.contact.email).toBe(disclosure.operator.email);
    expect(supplier.endpoint).toBe(`${t.app.ctx.config.appUrl}/api/octo`);
  });

  it('counts each key’s requests apart: past the minute’s limit it is 429 TOO_MANY_REQUESTS, another key goes on', async () => {
    const busy = (await reseller(t, admin, 'Busy Partner')).apiKey;
    const codes: number[] = [];
    for (let i = 0; i <= OCTO_REQUESTS_PER_MINUTE; i++)
      codes.push((await octo(t, '/supplier', { key: busy })).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(OCTO_REQUESTS_PER_MINUTE);
    const over = await octo(t, '/supplier', { key: busy });
    expect(over.statusCode).toBe(429);
    expect(octoValid('zErrorBadRequest', over.json()).error).toBe('TOO_MANY_REQUESTS');
    expect((await octo(t, '/supplier', { key })).statusCode).toBe(200);
  });

  it('leaves the product’s own error shape to every other route', async () => {
    const res = await t.app.inject({ url: '/api/v2/guides/999999/quote?adults=1&durationHours=2' });
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('a bad request', () => {
  const calendar = (body: unknown, headers: Record<string, string> = {}) =>
    octo(t, '/availability/calendar', { method: 'POST', key, body, headers });
  const asked = (over: Record<string, unknown> = {}) => ({
    productId: product,
    optionId: 'hours-2',
    localDateStart: daysAhead(3),
    localDateEnd: daysAhead(5),
    ...over,
  });

  it('names the product, option, unit or availability it does not know, with its id', async () => {
    const noProduct = (await calendar(asked({ productId: 'guide-999999' }))).json();
    expect(octoValid('zErrorInvalidProductId', noProduct)).toMatchObject({
      error: 'INVALID_PRODUCT_ID',
      productId: 'guide-999999',
    });
    const notOurs = await octo(t, '/products/nope', { key });
    expect(notOurs.statusCode).toBe(400);
    expect(octoValid('zErrorInvalidProductId', notOurs.json()).productId).toBe('nope');
    const option = (await calendar(asked({ optionId: 'hours-99' }))).json();
    expect(octoValid('zErrorInvalidOptionId', option)).toMatchObject({
      error: 'INVALID_OPTION_ID',
      optionId: 'hours-99',
    });
    const unit = (await calendar(asked({ units: [{ id: 'senior', quantity: 1 }] }))).json();
    expect(octoValid('zErrorInvalidUnitId', unit)).toMatchObject({ error: 'INVALID_UNIT_ID', unitId: 'senior' });
    const availability = await octo(t, '/availability', {
      method: 'POST',
      key,
      body: { productId: product, optionId: 'hours-2', availabilityIds: ['tomorrow at nine'] },
    });
    expect(availability.statusCode).toBe(400);
    expect(octoValid('zErrorInvalidAvailabilityId', availability.json()).error).toBe('INVALID_AVAILABILITY_ID');
  });

  it('refuses what cannot be sold as UNPROCESSABLE_ENTITY: more people than she takes, no adult', async () => {
    for (const units of [[{ id: 'adult', quantity: 7 }], [{ id: 'child', quantity: 2 }]]) {
      const res = await calendar(asked({ units }));
      expect(res.statusCode).toBe(400);
      expect(octoValid('zErrorUnprocessableEntity', res.json()).error).toBe('UNPROCESSABLE_ENTITY');
    }
  });

  it.each([
    ['no body', undefined],
    ['an array', []],
    ['a missing option', { productId: 'guide-1', localDateStart: '2030-01-01', localDateEnd: '2030-01-02' }],
    ['numbers for ids', { productId: 1, optionId: 2, localDateStart: '2030-01-01', localDateEnd: '2030-01-02' }],
    [
      'a date that is none',
      { productId: 'guide-1', optionId: 'hours-2', localDateStart: '2030-02-30', localDateEnd: '2030-03-01' },
    ],
    [
      'the end before the start',
      { productId: 'guide-1', optionId: 'hours-2', localDateStart: '2030-03-02', localDateEnd: '2030-03-01' },
    ],
    [
      '91 days',
      { productId: 'guide-1', optionId: 'hours-2', localDateStart: '2030-01-01', localDateEnd: '2030-04-01' },
    ],
    [
      'a negative quantity',
      {
        ...{ productId: 'guide-1', optionId: 'hours-2' },
        localDateStart: '2030-01-01',
        localDateEnd: '2030-01-01',
        units: [{ id: 'adult', quantity: -1 }],
      },
    ],
    [
      'a currency we do not sell in',
      {
        productId: 'guide-1',
        optionId: 'hours-2',
        localDateStart: '2030-01-01',
        localDateEnd: '2030-01-01',
        currency: 'EUR',
      },
    ],
  ])('is 400 BAD_REQUEST for %s, never a 5xx', async (_, body) => {
    const res = await calendar(body && { ...body, productId: product });
    expect(res.statusCode).toBe(400);
    expect(octoValid('zErrorBadRequest', res.json()).error).toBe('BAD_REQUEST');
  });

  it('is 400 BAD_REQUEST for a body that is not JSON, or not sent as JSON', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/octo/availability',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{"productId":',
    });
    expect(broken.statusCode).toBe(400);
    expect(octoValid('zErrorBadRequest', broken.json()).error).toBe('BAD_REQUEST');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/octo/availability',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      payload: 'productId=guide-1',
    });
    expect(text.statusCode).toBe(400);
    expect(octoValid('zErrorBadRequest', text.json()).error).toBe('BAD_REQUEST');
  });

  it('of a path that is none is 404 in OCTO’s shape, after the key', async () => {
    const res = await octo(t, '/nothing-here', { key });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});

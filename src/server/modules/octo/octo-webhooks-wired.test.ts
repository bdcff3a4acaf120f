import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeLocal, listenLocal } from '../../test/local-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callAs, daysAhead, person } from '../bookings/test-helpers';
import { octo, octoValid, reseller, resellingGuide } from './test-helpers';

/**
 * The webhooks and the reseller's bookings together, as a reseller meets them (decisions 202, 203): it registers a
 * URL, reserves and confirms a start of a guide who answers requests (PENDING), and when she accepts, its receiver
 * gets the booking signed, as `GET /bookings/{uuid}` answers it (CONFIRMED) — no fake between them.
 */
let receiver: Server;
const received: { body: string; signature: string }[] = [];
let t: TestApp;
let port = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['octo-signature']) });
      res.writeHead(204).end();
    });
  });
  port = await listenLocal(receiver);
  t = await createTestApp({ seed: 'none', env: { OCTO_WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t.close();
  await closeLocal(receiver);
});

it('tells the reseller, signed, that the guide accepted its PENDING booking', async () => {
  const admin = await person(t, { admin: true });
  const { apiKey: key } = await reseller(t, admin, 'Fliggy', 12);
  const hook = await octo(t, '/webhooks', {
    method: 'POST',
    key,
    body: { event: 'booking_update', url: `http://127.0.0.1:${port}/tabi` },
  });
  expect(hook.statusCode, hook.body).toBe(200);
  const secret = hook.json().secret as string;

  const guide = await resellingGuide(t, { instantBook: false });
  const productId = `guide-${guide.guideId}`;
  const day = daysAhead(14);
  const starts = await octo(t, '/availability', {
    method: 'POST',
    key,
    body: { productId, optionId: 'hours-2', localDateStart: day, localDateEnd: day },
  });
  const availabilityId = (starts.json() as { id: string }[])[0]!.id;
  const uuid = randomUUID();
  const units = [{ unitId: 'adult' }, { unitId: 'adult' }];
  const held = await octo(t, '/bookings', {
    method: 'POST',
    key,
    body: { uuid, productId, optionId: 'hours-2', availabilityId, unitItems: units },
  });
  expect(held.statusCode, held.body).toBe(200);
  const contact = { fullName: 'Li Na', emailAddress: 'li.na@example.com', locales: ['zh-CN'] };
  const confirmed = await octo(t, `/bookings/${uuid}/confirm`, { method: 'POST', key, body: { contact } });
  const pending = octoValid('zBooking', confirmed.json());
  expect(pending.status).toBe('PENDING');
  const id = Number(pending.supplierReference!.replace(/^TG0*/, ''));

  expect((await callAs(t, 'POST', `/api/v2/bookings/${id}/accept`, guide)).statusCode).toBe(200);
  await t.app.jobs.settled();
  const told = received.map((r) => ({ ...r, json: JSON.parse(r.body) as { event: string; booking: unknown } }));
  const accepted = told.find((r) => octoValid('zBooking', r.json.booking).status === 'CONFIRMED');
  expect(accepted, JSON.stringify(told.map((r) => r.json))).toBeDefined();
  expect(accepted!.json.event).toBe('booking_update');
  expect(accepted!.json.booking).toMatchObject({ uuid, supplierReference: pending.supplierReference });
  expect(accepted!.signature).toBe(`sha256=${createHmac('sha256', secret).update(accepted!.body).digest('hex')}`);
  // What the webhook said is what the reseller reads.
  const read = octoValid('zBooking', (await octo(t, `/bookings/${uuid}`, { key })).json());
  expect(read.status).toBe('CONFIRMED');
});

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { smsOutbox } from '../../db/schema/index';
import { nextAddress } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startTestTwilio, type TestTwilio } from '../../test/twilio-server';
import { twilioProvider } from '../sms/index';
import { lastCode, nextPhone, startPhone, verifyPhone, withConsents } from '../../test/phone';

// The limits on codes sent (decision 147) and the Twilio provider against a local server speaking its Messages API.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

function expectRetryLater(res: Awaited<ReturnType<typeof startPhone>>, atMost: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json().code).toBe('retry_later');
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(atMost);
}

describe('the limits on codes', () => {
  it('pauses a minute before the same number is sent another code, from any address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const phone = nextPhone();
    expect((await startPhone(t, phone)).statusCode).toBe(202);
    expectRetryLater(await startPhone(t, phone), 60);
    later(30_000);
    expectRetryLater(await startPhone(t, phone), 30);
    later(31_000);
    expect((await startPhone(t, phone)).statusCode).toBe(202);
  });

  it('sends one number at most 5 codes an hour and 10 a day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      expect((await startPhone(t, phone)).statusCode, `code ${i + 1}`).toBe(202);
      later(61_000);
    }
    expectRetryLater(await startPhone(t, phone), 3600);
    later(3600_000);
    for (let i = 0; i < 5; i++) {
      expect((await startPhone(t, phone)).statusCode, `code ${i + 6}`).toBe(202);
      later(61_000);
    }
    later(3600_000);
    expectRetryLater(await startPhone(t, phone), 24 * 3600);
  });

  it('sends at most 10 codes an hour for one client address, whatever the numbers', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i++) expect((await startPhone(t, nextPhone(), { address })).statusCode).toBe(202);
    expectRetryLater(await startPhone(t, nextPhone(), { address }), 3600);
    // A refused request took nothing from the number it named: another address may still text it.
    const spared = nextPhone();
    expectRetryLater(await startPhone(t, spared, { address }), 3600);
    expect((await startPhone(t, spared)).statusCode).toBe(202);
  });

  it('sends at most SMS_MAX_PER_HOUR codes for everyone together', async () => {
    const capped = await createTestApp({ env: { SMS_MAX_PER_HOUR: '3' } });
    try {
      for (let i = 0; i < 3; i++) expect((await startPhone(capped, nextPhone())).statusCode).toBe(202);
      expectRetryLater(await startPhone(capped, nextPhone()), 3600);
    } finally {
      await capped.close();
    }
  });
});

describe('SMS_PROVIDER=twilio', () => {
  let twilio: TestTwilio;
  let app: TestApp;
  beforeAll(async () => {
    twilio = await startTestTwilio();
    app = await createTestApp({ env: twilio.env });
  });
  afterAll(async () => {
    await app.close();
    await twilio.close();
  });

  it("sends the code through Twilio's Messages API with the account's credentials, and it signs in", async () => {
    const phone = nextPhone();
    expect((await startPhone(app, phone, { lang: 'zh-CN' })).statusCode).toBe(202);
    const message = twilio.messages.at(-1)!;
    expect(message).toMatchObject({ to: phone, from: '+15005550006' });
    const code = /\d{6}/.exec(message.body)![0];
    expect(message.body).toBe(`【Tabi Guides】您正在注册 Tabi Guides，验证码 ${code}，5分钟内有效。请勿告诉他人。`);
    const [row] = await app.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
    expect(row).toMatchObject({ status: 'sent', providerId: message.sid });
    expect((await verifyPhone(app, phone, code, withConsents)).statusCode).toBe(201);
  });

  it('answers 503 unavailable when Twilio fails, and records the failure', async () => {
    twilio.mode = 500;
    try {
      const phone = nextPhone();
      const res = await startPhone(app, phone);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('unavailable');
      const [row] = await app.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
      expect(row).toMatchObject({ status: 'failed' });
      expect(row!.lastError).toContain('500');
    } finally {
      twilio.mode = 'ok';
    }
  });

  it('is refused by Twilio with another auth token', async () => {
    const provider = twilioProvider({
      accountSid: twilio.env.TWILIO_ACCOUNT_SID!,
      authToken: 'wrong',
      from: 'MG123',
      apiUrl: twilio.env.TWILIO_API_URL,
    });
    await expect(provider.send({ to: '+819012345678', body: 'hello' })).rejects.toMatchObject({ code: 'unavailable' });
    expect(twilio.unauthorized).toBeGreaterThan(0);
    const right = twilioProvider({
      accountSid: twilio.env.TWILIO_ACCOUNT_SID!,
      authToken: twilio.env.TWILIO_AUTH_TOKEN!,
      from: 'MG123',
      apiUrl: twilio.env.TWILIO_API_URL,
    });
    expect((await right.send({ to: '+819012345678', body: 'hello' })).id).toMatch(/^SM/);
    expect(twilio.messages.at(-1)).toMatchObject({ messagingServiceSid: 'MG123', from: null });
  });
});

describe('SMS_PROVIDER=outbox', () => {
  it('keeps the message in the outbox, marked logged, and lists it at GET /api/dev/sms', async () => {
    const phone = nextPhone();
    await startPhone(t, phone);
    const [row] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
    expect(row).toMatchObject({ status: 'logged', template: 'phone_code_sign_up' });
    expect((await lastCode(t, phone)).body).toBe(row!.body);
  });

  it('ends a number’s minute of pause at POST /api/dev/sms/pause-ended, for the browser tests', async () => {
    const phone = nextPhone();
    expect((await startPhone(t, phone)).statusCode).toBe(202);
    expectRetryLater(await startPhone(t, phone), 60);
    const ended = await t.app.inject({ method: 'POST', url: '/api/dev/sms/pause-ended', payload: { to: phone } });
    expect(ended.statusCode).toBe(204);
    expect((await startPhone(t, phone)).statusCode).toBe(202);
  });
});

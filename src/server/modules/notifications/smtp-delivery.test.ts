import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../shared/schemas/notifications';
import { payoutLedgerEntries, users, withdrawals } from '../../db/schema/index';
import { bearer, signUp, type SignedUp } from '../../test/accounts';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { confirmedBooking, daysAhead, guidePerson, person, type Person } from '../bookings/test-helpers';
import { bookingIn } from '../reviews/test-helpers';

/**
 * The e-mails people receive, delivered through a real SMTP server started here (the
 * `smtp-server` package) and read back as a mail client would (`mailparser`): in the recipient's
 * language, with a plain-text and an HTML part, and only when their settings ask for e-mail.
 */
const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => {
        received.push(mail);
        callback();
      },
      (err: Error) => callback(err),
    );
  },
});

let t: TestApp;
let traveler: SignedUp;
let guide: Awaited<ReturnType<typeof guidePerson>>;
let guideEmail: string;
let day = 30;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ seed: 'none', env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  traveler = await signUp(t, { fullName: 'Wang Fang', locale: 'zh-CN' });
  guide = await guidePerson(t, { priceRmb: 300 });
  [{ email: guideEmail }] = (await t.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, guide.id))) as [{ email: string }];
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const to = (address: string) => (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.toLowerCase().includes(address.toLowerCase()));

/** Waits for a mail to `address` whose subject matches (and whose text has `containing`). */
async function mailTo(address: string, subject: RegExp, containing = '', timeoutMs = 10_000): Promise<ParsedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = received.find(
      (m) => to(address)(m) && subject.test(m.subject ?? '') && (m.text ?? '').includes(containing),
    );
    if (found) return found;
    if (Date.now() > until)
      throw new Error(
        `no mail to ${address} matching ${subject}; got: ${received
          .filter(to(address))
          .map((m) => m.subject)
          .join(' | ')}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

const travelerAsPerson = (): Person => ({ id: traveler.id, token: traveler.token });

describe('e-mail through SMTP', () => {
  it('booking requested (to the guide, in English) and the payment receipt (to the traveler, in Chinese), each with text and HTML', async () => {
    const bookingId = await confirmedBooking(t, travelerAsPerson(), guide.guideId, daysAhead(day++));
    const request = await mailTo(guideEmail, /New booking request/);
    expect(request.text).toMatch(/Booking TG\d{4,} is waiting for the deposit/);
    expect(request.html).toContain('<html lang="en"');

    const receipt = await mailTo(traveler.email, /定金已收到/);
    expect(receipt.text).toMatch(/我们已收到您为预订 TG\d{4,} 支付的定金 [\d,.]+ 元/);
    expect(receipt.html).toContain('<html lang="zh-CN"');
    // Decision 103: the link lands on the booking.
    expect(receipt.html).toMatch(new RegExp(`href="http://localhost:\\d+/dashboard\\?booking=${bookingId}"`));
    expect(receipt.from?.text).toContain('no-reply@');
  });

  it('accepted and declined (with the refund) reach the traveler; turning booking e-mail off stops them', async () => {
    const accepted = await confirmedBooking(t, travelerAsPerson(), guide.guideId, daysAhead(day++));
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${accepted}/accept`, headers: auth(guide.token) }))
        .statusCode,
    ).toBe(200);
    await mailTo(traveler.email, /地陪已接受您的预订/);

    const declined = await confirmedBooking(t, travelerAsPerson(), guide.guideId, daysAhead(day++));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/bookings/${declined}/decline`,
      headers: auth(guide.token),
      payload: { reason: 'unavailable' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailTo(traveler.email, /您的预订被拒绝/);
    expect(mail.text).toMatch(/元将退还给您/);

    // Booking e-mail off: a new acceptance makes no e-mail (the in-app message still comes).
    const off = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    off.kinds.booking.email = false;
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/me/notification-settings',
          headers: bearer(traveler.token),
          payload: off,
        })
      ).statusCode,
    ).toBe(200);
    const quiet = await confirmedBooking(t, travelerAsPerson(), guide.guideId, daysAhead(day++));
    const acceptances = () =>
      received.filter((m) => to(traveler.email)(m) && /地陪已接受您的预订/.test(m.subject ?? '')).length;
    const before = acceptances();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v2/bookings/${quiet}/accept`, headers: auth(guide.token) }))
        .statusCode,
    ).toBe(200);
    // The traveler's in-app notice is written by the same job as the mail would be: once it is there, the job ran.
    const inboxText = async () =>
      JSON.stringify((await t.app.inject({ url: '/api/v2/system-messages', headers: bearer(traveler.token) })).json());
    for (let i = 0; i < 100 && !(await inboxText()).includes(`预订 TG${String(quiet).padStart(4, '0')}`); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await inboxText()).toContain(`预订 TG${String(quiet).padStart(4, '0')} 已确认`);
    await new Promise((r) => setTimeout(r, 300));
    expect(acceptances()).toBe(before);
    // The guide is not told of their own acceptance.
    expect(received.some((m) => to(guideEmail)(m) && /Booking accepted|已接受预订/.test(m.subject ?? ''))).toBe(false);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/me/notification-settings',
          headers: bearer(traveler.token),
          payload: DEFAULT_NOTIFICATION_SETTINGS,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the review invitation reaches both sides after completion', async () => {
    const other = await person(t);
    const id = await bookingIn(t, other, guide, daysAhead(day++), 'ongoing');
    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}/status`,
      headers: auth(guide.token),
      payload: { status: 'completed' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const invite = await mailTo(guideEmail, /How was your tour\?/);
    expect(invite.text).toContain('within 14 days');
    expect(invite.html).toContain('Write a review');
  });

  it('payout paid and failed reach the guide, with the amount', async () => {
    const admin = await person(t, { admin: true });
    const payout = async () => {
      const db = t.database.db;
      const [row] = await db
        .insert(withdrawals)
        .values({
          userId: guide.id,
          amountCents: 12_345,
          method: 'alipay',
          accountName: 'Guide',
          accountNumber: 'guide@example.com',
        })
        .returning();
      await db.insert(payoutLedgerEntries).values([
        { withdrawalId: row!.id, account: 'guide', userId: guide.id, kind: 'withdrawal', amountCents: -12_345 },
        { withdrawalId: row!.id, account: 'payout_hold', userId: null, kind: 'withdrawal', amountCents: 12_345 },
      ]);
      return row!.id;
    };
    const paid = await payout();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/withdrawals/${paid}/approve`,
          headers: auth(admin.token),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${paid}/paid`, headers: auth(admin.token) }))
        .statusCode,
    ).toBe(200);
    expect((await mailTo(guideEmail, /Payout sent/)).text).toContain('123.45 RMB');

    const failed = await payout();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/withdrawals/${failed}/fail`,
          headers: auth(admin.token),
          payload: { reason: 'Account name does not match' },
        })
      ).statusCode,
    ).toBe(200);
    const mail = await mailTo(guideEmail, /Payout failed/, 'Account name does not match');
    expect(mail.html).toContain('Account name does not match');
  });

  it('escapes what users write in the HTML part', async () => {
    const admin = await person(t, { admin: true });
    const [row] = await t.database.db
      .insert(withdrawals)
      .values({
        userId: guide.id,
        amountCents: 500,
        method: 'alipay',
        accountName: 'G',
        accountNumber: 'g@example.com',
      })
      .returning();
    await t.database.db.insert(payoutLedgerEntries).values([
      { withdrawalId: row!.id, account: 'guide', userId: guide.id, kind: 'withdrawal', amountCents: -500 },
      { withdrawalId: row!.id, account: 'payout_hold', userId: null, kind: 'withdrawal', amountCents: 500 },
    ]);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${row!.id}/fail`,
      headers: auth(admin.token),
      payload: { reason: '<img src=x onerror=alert(1)>' },
    });
    const mail = await mailTo(guideEmail, /Payout failed/, '<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<img src=x');
  });
});

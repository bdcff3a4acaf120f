import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { signUp } from '../../test/accounts';
import { lastCode, nextPhone, startPhone, verifyPhone, withConsents } from '../../test/phone';
import { createTestApp, type TestApp } from '../../test/test-app';
import { latestSmsTo } from '../sms/index';
import type { CreateSystemMessage } from './notifications.service';

/**
 * A decision reaches a person through a channel they have: an account made by phone, with no e-mail
 * address, is told by text message, once, in its language; an account with an address is mailed and
 * not texted.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const decision = (userId: number, key: string): CreateSystemMessage => ({
  userId,
  type: 'approval',
  text: {
    en: { title: 'You are now a guide', message: 'Welcome aboard.' },
    'zh-CN': { title: '您已成为地陪', message: '欢迎加入。' },
    ja: { title: 'ガイドとして承認されました', message: 'ようこそ。' },
  },
  actionUrl: '/guide-dashboard',
  dedupeKey: key,
  mail: () => ({ subject: 'Approved', textBody: 'Approved', htmlBody: null, template: 'guide_application_approved' }),
});

describe('a decision for an account without an e-mail address', () => {
  it('is texted once, in the account’s language, with the link; a replay texts no one again', async () => {
    // A Japanese mobile number: 090, then a digit from 1 (libphonenumber refuses 090-0…), then seven more.
    const phone = `+8190${nextPhone().slice(-8).replace(/^0/, '1')}`;
    expect((await startPhone(t, phone)).statusCode).toBe(202);
    const created = await verifyPhone(t, phone, (await lastCode(t, phone)).code, {
      ...withConsents,
      fullName: '岡田 真司',
      locale: 'ja',
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId = created.json().user.id as number;
    const before = (await latestSmsTo(t.database.db, phone, 10)).length;

    await t.app.notifications.create([decision(userId, 'sms-test:1')]);
    await t.app.notifications.create([decision(userId, 'sms-test:1')]);
    const texts = await latestSmsTo(t.database.db, phone, 10);
    expect(texts).toHaveLength(before + 1);
    expect(texts[0]!.body).toBe(
      `【Tabi Guides】ガイドとして承認されました 詳細：${new URL('/guide-dashboard', t.app.ctx.config.appUrl).toString()}`,
    );
    expect(texts[0]!.template).toBe('notice_approval');
  });

  it('an account with an address is mailed, not texted', async () => {
    const person = await signUp(t);
    const phone = '+819012340000';
    await t.database.db.update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.id, person.id));
    await t.app.notifications.create([decision(person.id, 'sms-test:2')]);
    expect(await latestSmsTo(t.database.db, phone, 10)).toEqual([]);
  });
});

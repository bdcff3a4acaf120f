import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales';
import { signUp } from '../../test/accounts';
import { lastCode, nextPhone, startPhone, verifyPhone, withConsents } from '../../test/phone';
import { createTestApp, type TestApp } from '../../test/test-app';
import { codeText } from './texts';

// The code's message says what the code is for (decision 182): read as the person reads it, from the
// outbox (GET /api/dev/sms), in each language.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the text with a code', () => {
  it('for a number without an account names signing up, in en, zh-CN and ja (never "SMS")', async () => {
    const expected: Record<string, RegExp> = {
      en: /^\[Tabi Guides\] Your code to sign up is (\d{6})\. It expires in 5 minutes\./,
      'zh-CN': /^【Tabi Guides】您正在注册 Tabi Guides，验证码 (\d{6})，5分钟内有效。/,
      ja: /^【Tabi Guides】新規登録用の認証コードは (\d{6}) です。5分間有効です。/,
    };
    for (const lang of ['en', 'zh-CN', 'ja']) {
      const phone = nextPhone();
      expect((await startPhone(t, phone, { lang })).statusCode, lang).toBe(202);
      const { code, body } = await lastCode(t, phone);
      expect(body, lang).toMatch(expected[lang]!);
      expect(body, lang).not.toMatch(/sign-in|登录|ログイン/);
      expect(expected[lang]!.exec(body)?.[1]).toBe(code);
    }
  });

  it('for a number with an account names signing in, in en, zh-CN and ja', async () => {
    const expected: Record<string, RegExp> = {
      en: /^\[Tabi Guides\] Your sign-in code is (\d{6})\. It expires in 5 minutes\./,
      'zh-CN': /^【Tabi Guides】您正在登录 Tabi Guides，验证码 (\d{6})，5分钟内有效。/,
      ja: /^【Tabi Guides】ログイン用の認証コードは (\d{6}) です。5分間有効です。/,
    };
    for (const lang of ['en', 'zh-CN', 'ja']) {
      const phone = nextPhone();
      await startPhone(t, phone, { lang });
      const made = await verifyPhone(t, phone, (await lastCode(t, phone)).code, { ...withConsents, locale: lang });
      expect(made.statusCode, lang).toBe(201);
      await t.app.inject({ method: 'POST', url: '/api/dev/sms/pause-ended', payload: { to: phone } });
      expect((await startPhone(t, phone)).statusCode, lang).toBe(202);
      const { code, body } = await lastCode(t, phone);
      expect(body, lang).toMatch(expected[lang]!);
      expect(expected[lang]!.exec(body)?.[1]).toBe(code);
    }
  });

  it('for adding a number says it adds this number to an account, and not to pass it on if you did not ask', async () => {
    const a = await signUp(t);
    const phone = nextPhone();
    expect((await startPhone(t, phone, { token: a.token })).statusCode).toBe(202);
    const { code, body } = await lastCode(t, phone);
    expect(body).toBe(
      `[Tabi Guides] Your code to add this number to your account is ${code}. It expires in 5 minutes. If you did not ask for it, do not share it with anyone.`,
    );
  });

  it('has a text for each purpose in every language, each naming its purpose apart from the others', () => {
    const purposes = ['sign_in', 'sign_up', 'add_phone', 'delete_account'] as const;
    for (const locale of LOCALES) {
      const texts = purposes.map((p) => codeText(locale, p, '123456', 5));
      expect(new Set(texts.map((x) => x.replace('123456', ''))).size, locale).toBe(4);
      for (const text of texts) expect(text, locale).toContain('123456');
      if (locale !== 'en') for (const text of texts) expect(text, locale).not.toMatch(/SMS/i);
    }
    expect(codeText('zh-CN', 'add_phone', '123456', 5)).toContain('将本手机号绑定到');
    expect(codeText('zh-CN', 'delete_account', '123456', 5)).toContain('注销');
    expect(codeText('ja', 'add_phone', '123456', 5)).toContain('この電話番号をアカウントに追加');
    expect(codeText('ja', 'delete_account', '123456', 5)).toContain('アカウント削除');
    expect(codeText('en', 'delete_account', '123456', 5)).toContain('code to delete your account is 123456');
  });
});

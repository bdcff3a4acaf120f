import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/index';
import { bearer, nextAddress, signUp } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { htmlMail } from './layout';

/** A tiny SMTP server that accepts every message and keeps its raw text. */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    let message = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(message);
            message = '';
            socket.write('250 queued\r\n');
          } else message += line + '\n';
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 fake\r\n');
        else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as { port: number }).port, messages }),
    ),
  );
}

async function waitForStatus(t: TestApp, to: string, done: (row: typeof emailOutbox.$inferSelect) => boolean) {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    if (row && done(row)) return row;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('mail never reached the expected state');
}

describe('mail outbox with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Tabi Guides <no-reply@tabi.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    smtp.server.close();
  });

  it('delivers the reset e-mail through SMTP and marks it sent', async () => {
    const u = await signUp(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: u.email },
      remoteAddress: nextAddress(),
    });
    const row = await waitForStatus(t, u.email, (r) => r.status === 'sent');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    const raw = smtp.messages.find((m) => m.includes(u.email))!;
    expect(raw).toContain('Subject: Reset your Tabi Guides password');
    expect(raw).toContain('no-reply@tabi.test');
    // The body is quoted-printable: undo soft line breaks and '=3D' before reading the link.
    expect(raw.replace(/=\n/g, '').replace(/=3D/g, '=')).toMatch(/reset-password\?token=[A-Za-z0-9_-]{40,}/);
  });
});

describe('mail outbox when the SMTP server is down', () => {
  it('keeps the mail pending with the error, for the retry sweep', async () => {
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const u = await signUp(t);
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: u.email },
        remoteAddress: nextAddress(),
      });
      const row = await waitForStatus(t, u.email, (r) => r.lastError !== null);
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('mail in Japanese', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const resetMail = async (email: string, locale?: string) => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email, ...(locale && { locale }) },
      remoteAddress: nextAddress(),
    });
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    return row!;
  };

  it('a user whose stored locale is ja gets the reset e-mail in Japanese, whatever the form asked', async () => {
    const u = await signUp(t, { locale: 'ja' });
    const row = await resetMail(u.email, 'en');
    expect(row.subject).toBe('Tabi Guidesのパスワード再設定');
    expect(row.textBody).toMatch(/^Test User \d+ 様\n\n/);
    expect(row.textBody).toContain('1時間以内に以下のリンクを開き');
    expect(row.textBody).toMatch(/reset-password\?token=[A-Za-z0-9_-]{40,}/);
    expect(row.htmlBody).toContain('パスワードを再設定する</a>');
  });

  it('without a stored locale the form’s ja decides', async () => {
    const u = await signUp(t); // no locale at sign-up: none stored
    expect((await resetMail(u.email, 'ja')).subject).toBe('Tabi Guidesのパスワード再設定');
  });

  it('tells the old address in Japanese after an e-mail change when the stored locale is ja', async () => {
    const a = await signUp(t, { locale: 'ja' });
    const next = `moved.${a.username}@example.com`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { email: next, currentPassword: a.password },
      headers: bearer(a.token),
    });
    expect(res.statusCode).toBe(200);
    const [notice] = (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, a.email))).filter(
      (m) => m.template === 'email_changed',
    );
    expect(notice!.subject).toBe('Tabi Guidesのメールアドレスが変更されました');
    expect(notice!.textBody).toContain(`ログイン用メールアドレスが ${next} に変更されました。`);
    expect(notice!.htmlBody).toContain('/help/contact');
  });
});

describe('htmlMail', () => {
  it('writes <html lang="ja">, the Japanese button label and Japanese faces first for a Japanese mail', () => {
    const html = htmlMail({
      lang: 'ja',
      title: 'お知らせ',
      paragraphs: ['本文です。'],
      link: 'https://tabi.example/x',
    });
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('>開く</a>');
    expect(html).toContain("font-family:-apple-system,'Segoe UI','Hiragino Sans'");
    expect(html).toContain('>Tabi Guides</p>');
    // The other languages keep their faces.
    expect(htmlMail({ lang: 'zh-CN', title: 'x', paragraphs: [] })).toContain("'PingFang SC'");
  });
});

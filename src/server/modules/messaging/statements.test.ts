import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementCounter } from '../../test/statement-counter';
import { createTestApp, type TestApp } from '../../test/test-app';
import { emailOutbox, users } from '../../db/schema/index';
import { call, cid, guide, openChat, say, traveler } from './test-helpers';

/**
 * A chat message sent costs at most 4 PostgreSQL statements on the request path (the
 * session, then the conversation check, insert and unread counters in one statement; decision 089).
 * What a send causes after its commit (the recipient's e-mail) runs in the job runner, counted apart.
 * PostgreSQL only (the driver is where statements are counted); on PGlite the file is skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)(
  "statements on the chat path (counted on PostgreSQL only: skipped on PGlite; CI's PostgreSQL pass runs it)",
  () => {
    let t: TestApp;
    const counter = statementCounter();
    const seen = counter.seen;
    beforeAll(async () => {
      t = await createTestApp();
      counter.install();
    });
    afterAll(async () => {
      counter.uninstall();
      await t?.close();
    });

    it('a message sent: at most 4 statements on the request path (was 13.6)', async () => {
      const a = await traveler(t);
      const g = await guide(t);
      const c = await openChat(t, a, g.guideId);
      expect((await say(t, a, c, 'Hello, are you free on Saturday?')).statusCode).toBe(201);
      await t.app.jobs.settled();

      const report = async (label: string, send: () => ReturnType<typeof say>) => {
        seen.length = 0;
        t.app.jobs.immediate = false; // the job runner's share is counted below, apart
        counter.on = true;
        const res = await send();
        const requestPath = seen.filter((s) => !s.background).length;
        t.app.jobs.immediate = true;
        const before = seen.length;
        await t.app.jobs.tick(new Date());
        await t.app.jobs.settled();
        counter.on = false;
        const text = [
          `${label}: request path ${requestPath}, after the commit ${seen.length - before}`,
          ...seen.map((s, i) => `${i < before ? (s.background ? 'B' : 'R') : 'J'} ${s.sql}`),
        ].join('\n');
        console.log(text);
        return { res, requestPath, text };
      };
      // The guide's reply (guides have no credit limit) and the traveler's next message (credits counted down).
      const reply = await report('guide', () => say(t, g, c, 'Yes, Saturday works. 明天见'));
      expect(reply.res.statusCode).toBe(201);
      expect(reply.requestPath, reply.text).toBeLessThanOrEqual(4);
      const next = await report('traveler', () => say(t, a, c, 'Great, see you at the station', cid()));
      expect(next.res.statusCode).toBe(201);
      expect(next.requestPath, next.text).toBeLessThanOrEqual(4);

      // A recipient who asked for chat e-mails: the mail's job is written by the same statement, so the
      // request path stays at 2; the job runner writes the mail after the commit (here: at its next tick,
      // as after a crash), once, with the phone number masked (no booking is confirmed).
      await call(t, a, 'PUT', '/api/me/notification-settings', {
        kinds: {
          chat: { inApp: true, browser: true, email: true },
          booking: { inApp: true, browser: true, email: true },
          payment: { inApp: true, browser: true, email: true },
          reminder: { inApp: true, browser: true, email: false },
          approval: { inApp: true, browser: true, email: true },
          system: { inApp: true, browser: true, email: false },
        },
      });
      const mailed = await report('guide to a traveler with chat e-mails', () =>
        say(t, g, c, 'Call me on 090-1234-5678'),
      );
      expect(mailed.res.statusCode).toBe(201);
      expect(mailed.requestPath, mailed.text).toBeLessThanOrEqual(4);
      await t.app.jobs.tick(new Date());
      await t.app.jobs.settled();
      const [me] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, a.id));
      const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, me!.email!));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.textBody).toContain('Call me on');
      expect(mails[0]!.textBody).not.toContain('1234-5678');
    });
  },
);

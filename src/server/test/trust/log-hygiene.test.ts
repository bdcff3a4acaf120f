import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { loggableError, redactQuotedValues } from '../../lib/loggable-error';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../test-app';

/**
 * No value of a query ever reaches the log: a failed statement's parameters (a password hash, an
 * e-mail address, a token) stay out of it in both log formats, while the log still says what failed.
 */
const SECRET = 'scrypt$32768$8$1$SECRET-HASH-VALUE';
const SECRET_EMAIL = 'secret.person@example.com';

function appWithFailingRoutes(production: boolean) {
  const lines: string[] = [];
  const app = createTestApp({
    env: production
      ? { ...PRODUCTION_ENV, LOG_LEVEL: 'info' }
      : { LOG_LEVEL: 'info', NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) },
    build: {
      logger: true,
      logDestination: { write: (line: string) => void lines.push(line) },
      extraRoutes: (a) => {
        // A parameter of the wrong type: PostgreSQL repeats the value in its message.
        a.get('/api/test/bad-cast', async () => a.ctx.database.db.execute(sql`select ${SECRET}::int as n`));
        // A unique violation: PostgreSQL's detail names the duplicate value.
        a.get('/api/test/duplicate', async () => {
          const row = { username: 'dupe', email: SECRET_EMAIL, passwordHash: SECRET, fullName: 'Dupe' };
          await a.ctx.database.db.insert(users).values(row);
          await a.ctx.database.db.insert(users).values(row);
        });
      },
    },
  });
  return { app, lines };
}

describe.each([
  ['development', false],
  ['production (JSON)', true],
])('the log in %s', (_name, production) => {
  let t: TestApp;
  let lines: string[];
  beforeAll(async () => {
    const built = appWithFailingRoutes(production);
    t = await built.app;
    lines = built.lines;
  });
  afterAll(() => t?.close());

  it('holds no parameter of a failed query, yet says which statement failed', async () => {
    for (const url of ['/api/test/bad-cast', '/api/test/duplicate']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('SECRET');
    }
    const log = lines.join('');
    expect(log).toContain('Failed query');
    expect(log).toMatch(/22P02/); // invalid_text_representation, by its code
    expect(log).toMatch(/23505/); // unique_violation
    expect(log).toContain('users_username_lower_key'); // the constraint's name is kept
    expect(log).not.toContain('SECRET');
    expect(log).not.toContain(SECRET_EMAIL);
  });
});

describe('loggableError', () => {
  it('keeps identifiers and drops quoted values', () => {
    expect(redactQuotedValues('invalid input syntax for type integer: "hunter2"')).toBe(
      'invalid input syntax for type integer: "…"',
    );
    expect(redactQuotedValues('duplicate key value violates unique constraint "users_email_unique"')).toContain(
      '"users_email_unique"',
    );
    expect(redactQuotedValues('relation "bookings" does not exist')).toContain('"bookings"');
  });

  it('turns a driver error with params and detail into codes and SQL text only', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      severity: 'ERROR',
      detail: `Key (email)=(${SECRET_EMAIL}) already exists.`,
      constraint: 'users_email_unique',
      table: 'users',
      params: [SECRET_EMAIL, SECRET],
    });
    const err = Object.assign(
      new Error(
        `Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ${SECRET_EMAIL},${SECRET}`,
      ),
      { cause },
    );
    const out = JSON.stringify(loggableError(err));
    expect(out).not.toContain(SECRET_EMAIL);
    expect(out).not.toContain('SECRET');
    expect(out).toContain('values ($1, $2)');
    expect(out).toContain('users_email_unique');
  });
});

import pg from 'pg';
import { background, BOOKKEEPING } from '../lib/background';

/** One SQL statement the pg driver sent: its text (shortened) and whether the job runner sent it. */
export interface CountedStatement {
  sql: string;
  background: boolean;
  /** The job runner's own claims and outcomes (decision 149), not a job's work. */
  bookkeeping: boolean;
}

/**
 * Counts the statements the PostgreSQL driver sends while `on` (the statement budgets): wraps
 * `pg.Client.prototype.query` from `install()` to `uninstall()`, marking those the job runner sends
 * after a commit (its `background` context) apart from the request path's.
 */
export function statementCounter(width = 200) {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: CountedStatement[] = [];
  const counter = {
    seen,
    on: false,
    install() {
      proto.query = function (this: unknown, ...args: unknown[]) {
        const first = args[0] as string | { text?: string } | undefined;
        const text = typeof first === 'string' ? first : first?.text;
        if (counter.on && text) {
          const store = background.getStore();
          seen.push({
            sql: text.replace(/\s+/g, ' ').slice(0, width),
            background: store !== undefined,
            bookkeeping: store === BOOKKEEPING,
          });
        }
        return original.apply(this, args);
      };
    },
    uninstall() {
      proto.query = original;
    },
  };
  return counter;
}

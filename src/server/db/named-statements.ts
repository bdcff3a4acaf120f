import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Distinct statement texts one process names; past it, new texts run unnamed (nothing is evicted, so no DEALLOCATE).
 */
export const MAX_NAMED_STATEMENTS = 250;

/**
 * Which statement texts run as named (prepared) statements, and under which name: a text is named
 * from its second use, so one-off statements (migrations, a rare IN list's length) never take a slot.
 * Shared by every connection of a process; each connection prepares a name on its first use of it.
 */
export class StatementNames {
  /** Text → its name, or null after a single use. */
  private readonly seen = new Map<string, string | null>();
  private readonly unnamed = new Set<string>();
  private named = 0;

  constructor(private readonly max = MAX_NAMED_STATEMENTS) {}

  /** The name for this text, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const known = this.seen.get(text);
    if (known) return known;
    if (this.named >= this.max || this.unnamed.has(text)) return undefined;
    if (known === undefined) {
      if (this.seen.size < this.max * 4) this.seen.set(text, null); // first use: remember it, run it unnamed
      return undefined;
    }
    const name = `t${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    this.seen.set(text, name);
    this.named++;
    return name;
  }

  /**
   * A named statement PostgreSQL refused to run again (`0A000`: a migration changed the result type of
   * its cached plan): that text runs unnamed from now on.
   */
  forget(text: string): void {
    this.seen.delete(text);
    this.unnamed.add(text);
  }
}

type QueryConfig = { text?: string; name?: string; values?: unknown[] };

/**
 * A pg client whose repeated parameterized statements are named, so PostgreSQL parses each once per
 * connection and can keep its plan (decision 096): the hot paths' CTEs spent longer being planned than
 * run. Statements without parameters (BEGIN, COMMIT) keep the simple protocol.
 */
export function namingClient(names: StatementNames): typeof pg.Client {
  return class NamingClient extends pg.Client {
    // pg's query() is heavily overloaded; only the (config object, values) form drizzle uses is named.
    override query(...args: unknown[]): never {
      const [config, values] = args as [QueryConfig | string, unknown];
      if (config && typeof config === 'object' && typeof config.text === 'string' && !config.name) {
        const params = Array.isArray(values) ? values : config.values;
        const name = params?.length ? names.nameFor(config.text) : undefined;
        if (name) {
          const text = config.text;
          const result = (super.query as (...a: unknown[]) => unknown)({ ...config, name }, ...args.slice(1));
          if (result instanceof Promise) {
            return result.catch((err: { code?: string }) => {
              if (err?.code === '0A000') names.forget(text);
              throw err;
            }) as never;
          }
          return result as never;
        }
      }
      return (super.query as (...a: unknown[]) => unknown)(...args) as never;
    }
  };
}

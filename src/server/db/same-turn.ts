/**
 * One statement for the calls of one turn of the event loop (decision 157, "One turn, one
 * statement"): the job runner starts the jobs it claimed together in one turn (jobs/runner.ts), and
 * each of them writes its notices or claims its mails. Calls made before the promise jobs queued in
 * this turn have run are run as one (a microtask, not `setImmediate`: waiting for the next turn let
 * requests that came meanwhile send their statements first, and on PGlite's one connection the
 * notices then came after them); each caller gets its own part of the answer. Jobs started together
 * reach the same call after as many awaits, so they meet in it.
 *
 * Only for work outside a transaction, on the pool: the calls of one turn come from different jobs,
 * whose transactions (if they had any) could not share a statement.
 */

interface Waiting<I, O> {
  input: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

/**
 * `run` once for the inputs of one turn's calls, answering one output per input, in order. When it
 * fails for several calls, each is run again alone, so one bad input fails its own caller only (the
 * job runner retries that job) and never the jobs that happened to share its turn.
 */
export function inOneTurn<I, O>(run: (inputs: I[]) => Promise<O[]>): (input: I) => Promise<O> {
  let waiting: Waiting<I, O>[] = [];
  const settle = async (calls: Waiting<I, O>[]) => {
    const outs = await run(calls.map((c) => c.input));
    calls.forEach((c, i) => c.resolve(outs[i]!));
  };
  const flush = async () => {
    const calls = waiting;
    waiting = [];
    try {
      await settle(calls);
    } catch (err) {
      if (calls.length === 1) calls[0]!.reject(err);
      else await Promise.all(calls.map((c) => settle([c]).catch(c.reject)));
    }
  };
  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (!waiting.length) queueMicrotask(() => void flush());
      waiting.push({ input, resolve, reject });
    });
}

/**
 * Rows by id, for one turn's calls in one statement over the union of their ids (`idOf` tells a
 * row's id). With `once`, a row goes to the first caller that asked for its id only: a claim, where
 * two callers must never both have one mail to send.
 */
export function byIdsInOneTurn<R>(
  run: (ids: number[]) => Promise<R[]>,
  idOf: (row: R) => number,
  opts: { once?: boolean } = {},
): (ids: number[]) => Promise<R[]> {
  const turn = inOneTurn<number[], R[]>(async (calls) => {
    const rows = await run([...new Set(calls.flat())]);
    const byId = new Map<number, R[]>();
    for (const row of rows) byId.set(idOf(row), [...(byId.get(idOf(row)) ?? []), row]);
    return calls.map((ids) => {
      const mine: R[] = [];
      for (const id of new Set(ids)) {
        mine.push(...(byId.get(id) ?? []));
        if (opts.once) byId.delete(id);
      }
      return mine;
    });
  });
  return (ids) => (ids.length ? turn(ids) : Promise.resolve([]));
}

/** One per database (each `Database` its own pool), made on its first use. */
export function perDatabase<D extends object, T>(make: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => {
    let one = made.get(db);
    if (one === undefined) made.set(db, (one = make(db)));
    return one;
  };
}

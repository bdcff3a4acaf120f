/**
 * One statement for the calls of one turn of the event loop: the job runner starts the jobs it
 * claimed together in one turn (jobs/runner.ts), and each of them reads its recipients or claims its
 * mails by id. Calls made before the turn ends are sent as one statement over the union of their ids,
 * and each caller gets back the rows of its own ids (decision 157, "One turn, one statement").
 *
 * Only for statements outside a transaction on the pool (`db` itself, never a transaction's handle):
 * the union runs on one connection, which a transaction's callers would not share.
 */
export interface SameTurn<R> {
  (ids: number[]): Promise<R[]>;
}

interface Waiting<R> {
  ids: number[];
  resolve: (rows: R[]) => void;
  reject: (err: unknown) => void;
}

/**
 * `run` for the union of the ids asked in one turn; `idOf` tells a row's id. With `once`, a row goes
 * to the first caller that asked for its id only (a claim: two callers must never both send a mail).
 */
export function sameTurn<R>(run: (ids: number[]) => Promise<R[]>, idOf: (row: R) => number, opts: { once?: boolean } = {}): SameTurn<R> {
  let waiting: Waiting<R>[] = [];
  const flush = async () => {
    const calls = waiting;
    waiting = [];
    try {
      const rows = await run([...new Set(calls.flatMap((c) => c.ids))]);
      const byId = new Map<number, R[]>();
      for (const row of rows) byId.set(idOf(row), [...(byId.get(idOf(row)) ?? []), row]);
      for (const call of calls) {
        const mine: R[] = [];
        for (const id of new Set(call.ids)) {
          mine.push(...(byId.get(id) ?? []));
          if (opts.once) byId.delete(id);
        }
        call.resolve(mine);
      }
    } catch (err) {
      for (const call of calls) call.reject(err);
    }
  };
  return (ids) => {
    if (!ids.length) return Promise.resolve([]);
    return new Promise<R[]>((resolve, reject) => {
      if (!waiting.length) setImmediate(() => void flush());
      waiting.push({ ids, resolve, reject });
    });
  };
}

/** A `sameTurn` per database (each `Database` its own pool), made on its first use. */
export function sameTurnPerDatabase<D extends object, R>(make: (db: D) => SameTurn<R>): (db: D) => SameTurn<R> {
  const made = new WeakMap<D, SameTurn<R>>();
  return (db) => {
    let batch = made.get(db);
    if (!batch) made.set(db, (batch = make(db)));
    return batch;
  };
}

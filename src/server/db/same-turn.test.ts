import { describe, expect, it, vi } from 'vitest';
import { sameTurn } from './same-turn';

interface Row {
  id: number;
  n: number;
}

describe('sameTurn', () => {
  it('sends the calls of one turn as one statement and gives each caller the rows of its ids', async () => {
    const run = vi.fn(async (ids: number[]) => ids.map((id) => ({ id, n: id * 10 })));
    const read = sameTurn<Row>(run, (r) => r.id);
    const [a, b] = await Promise.all([read([1, 2]), read([2, 3])]);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![0].sort()).toEqual([1, 2, 3]);
    expect(a).toEqual([{ id: 1, n: 10 }, { id: 2, n: 20 }]);
    expect(b).toEqual([{ id: 2, n: 20 }, { id: 3, n: 30 }]);
    // A later turn is a statement of its own.
    expect(await read([4])).toEqual([{ id: 4, n: 40 }]);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('gives a claimed row to one caller only', async () => {
    const read = sameTurn<Row>(async (ids) => ids.map((id) => ({ id, n: id })), (r) => r.id, { once: true });
    const [a, b] = await Promise.all([read([1, 2]), read([2, 3])]);
    expect(a.map((r) => r.id)).toEqual([1, 2]);
    expect(b.map((r) => r.id)).toEqual([3]);
  });

  it('fails every caller of the turn when the statement fails, and the next turn runs again', async () => {
    let fail = true;
    const read = sameTurn<Row>(async (ids) => {
      if (fail) throw new Error('connection lost');
      return ids.map((id) => ({ id, n: id }));
    }, (r) => r.id);
    const results = await Promise.allSettled([read([1]), read([2])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read([1])).toEqual([{ id: 1, n: 1 }]);
  });

  it('answers no ids without a statement', async () => {
    const run = vi.fn(async () => [] as Row[]);
    expect(await sameTurn<Row>(run, (r) => r.id)([])).toEqual([]);
    expect(run).not.toHaveBeenCalled();
  });
});

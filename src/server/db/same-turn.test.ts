import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../lib/app-error';
import { byIdsInOneTurn, inOneTurn } from './same-turn';

interface Row {
  id: number;
  n: number;
}

describe('inOneTurn', () => {
  it('runs the calls of one turn once, each answered with its own output; a later turn runs again', async () => {
    const run = vi.fn(async (inputs: number[]) => inputs.map((i) => i * 2));
    const double = inOneTurn(run);
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(run).toHaveBeenCalledTimes(1);
    expect(await double(4)).toBe(8);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs each call alone when the shared run fails, so one bad input fails its own caller only', async () => {
    const run = vi.fn(async (inputs: number[]) => {
      if (inputs.includes(13)) throw new AppError('validation_failed', 'input 13 is refused');
      return inputs.map((i) => i * 2);
    });
    const double = inOneTurn(run);
    const results = await Promise.allSettled([double(1), double(13), double(3)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as AppError).code))).toEqual([
      2,
      'validation_failed',
      6,
    ]);
    expect(run).toHaveBeenCalledTimes(4);
  });
});

describe('byIdsInOneTurn', () => {
  it('sends one statement for the union of the ids and gives each caller the rows of its ids', async () => {
    const run = vi.fn(async (ids: number[]) => ids.map((id) => ({ id, n: id * 10 })));
    const read = byIdsInOneTurn<Row>(run, (r) => r.id);
    const [a, b] = await Promise.all([read([1, 2]), read([2, 3])]);
    expect(run).toHaveBeenCalledTimes(1);
    expect([...run.mock.calls[0]![0]].sort()).toEqual([1, 2, 3]);
    expect(a).toEqual([
      { id: 1, n: 10 },
      { id: 2, n: 20 },
    ]);
    expect(b).toEqual([
      { id: 2, n: 20 },
      { id: 3, n: 30 },
    ]);
  });

  it('gives a claimed row to one caller only', async () => {
    const read = byIdsInOneTurn<Row>(
      async (ids) => ids.map((id) => ({ id, n: id })),
      (r) => r.id,
      { once: true },
    );
    const [a, b] = await Promise.all([read([1, 2]), read([2, 3])]);
    expect(a.map((r) => r.id)).toEqual([1, 2]);
    expect(b.map((r) => r.id)).toEqual([3]);
  });

  it('answers no ids without a statement', async () => {
    const run = vi.fn(async () => [] as Row[]);
    expect(await byIdsInOneTurn<Row>(run, (r) => r.id)([])).toEqual([]);
    expect(run).not.toHaveBeenCalled();
  });
});

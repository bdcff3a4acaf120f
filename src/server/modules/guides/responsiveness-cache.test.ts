import { describe, expect, it } from 'vitest';
import { NEW_RESPONSIVENESS, type Responsiveness } from '../../../shared/responsiveness';
import { ResponsivenessCache } from './responsiveness-cache';

describe('ResponsivenessCache', () => {
  it('reads only the figures it lacks or holds past the TTL, all of a page at once', async () => {
    let now = 0;
    const reads: number[][] = [];
    const cache = new ResponsivenessCache(
      async (ids) => {
        reads.push(ids);
        return new Map<number, Responsiveness>(ids.map((id) => [id, { ...NEW_RESPONSIVENESS, rate: now }]));
      },
      1000,
      () => now,
    );
    await cache.get([1, 2]);
    now = 500;
    const mixed = await cache.get([1, 2, 3]);
    expect(reads).toEqual([[1, 2], [3]]);
    expect([...mixed.values()].map((v) => v.rate)).toEqual([0, 0, 500]);
    now = 1000;
    await cache.get([1, 2, 3]);
    expect(reads.at(-1)).toEqual([1, 2]); // 3 is 500 ms old
    cache.clear();
    await cache.get([3]);
    expect(reads.at(-1)).toEqual([3]);
  });
});

import { describe, expect, it } from 'vitest';
import { japanTime } from './templates';

describe('japanTime', () => {
  it('writes an instant on Japan’s wall clock, across the UTC date line', () => {
    expect(japanTime('en', '2026-12-09T13:00:00.000Z')).toBe('Dec 9, 2026 22:00 (Japan time)');
    expect(japanTime('zh-CN', '2026-12-09T15:30:00.000Z')).toBe('2026年12月10日 00:30（日本时间）');
    expect(japanTime('ja', '2026-12-09T15:30:00.000Z')).toBe('2026年12月10日(木) 00:30（日本時間）');
  });
});

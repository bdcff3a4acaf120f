import { describe, expect, it } from 'vitest';
import { listText, spaceLatinHan, withGap } from './cjk-spacing';

describe('Chinese spacing (locales/VOICE.md)', () => {
  it('spaces a Latin name from Chinese, and leaves numbers, dates and Chinese names alone', () => {
    expect(spaceLatinHan('Sato Yuki需要在11月25日前接受')).toBe('Sato Yuki 需要在11月25日前接受');
    expect(spaceLatinHan('地陪Sato Yuki')).toBe('地陪 Sato Yuki');
    expect(spaceLatinHan('地陪佐藤由纪，2026年11月22日 3 小时')).toBe('地陪佐藤由纪，2026年11月22日 3 小时');
  });

  it('puts no space after a full-width stop, and lists with 、 in Chinese', () => {
    expect(withGap('已取消。')).toBe('已取消。');
    expect(withGap('第一次使用 Tabi 日本地陪？')).toBe('第一次使用 Tabi 日本地陪？');
    expect(withGap('New here?')).toBe('New here? ');
    expect(listText(['大阪', '京都'], 'zh-CN')).toBe('大阪、京都');
    expect(listText(['Osaka', 'Kyoto'], 'en')).toBe('Osaka, Kyoto');
  });
});

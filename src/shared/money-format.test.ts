import { describe, expect, it } from 'vitest';
import { inputToMinor, minorToInput } from './currency';
import { formatFen, formatMoney, formatRmb, formatWithAbout, moneyFormat } from './money-format';

// The cases of the copies this formatter replaced (decision 117): the web's amount() and rmb(), the
// wallet's and admin's formatRmb, the checkout's and the tour request's yen, the server's yuan() in
// notifications and dispute texts, and the two price fields' fenToRmb.
describe('money format', () => {
  it('writes fen as a grouped number, decimals only when there are fen', () => {
    expect(formatFen(243_000)).toBe('2,430');
    expect(formatFen(48_650)).toBe('486.50');
    expect(formatFen(21_780)).toBe('217.80');
    expect(formatFen(0)).toBe('0');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(123_456_789)).toBe('1,234,567.89');
    expect(formatFen(-30_000)).toBe('-300');
  });

  it('groups thousands everywhere: the guide card wrote 2000 beside the booking box 2,000', () => {
    expect(moneyFormat('en').amount(200_000)).toBe('2,000');
    expect(moneyFormat('zh-CN').amount(200_000)).toBe('2,000');
    // The server's notifications wrote 1080 RMB; now as the booking PDF and the app write it.
    expect(formatRmb(108_000, 'en')).toBe('1,080 RMB');
  });

  it('adds the unit of the locale, never a bare ¥', () => {
    expect(formatRmb(243_000, 'en')).toBe('2,430 RMB');
    expect(formatRmb(243_000, 'zh-CN')).toBe('2,430 元');
    expect(formatRmb(123_450, 'zh-CN')).toBe('1,234.50 元');
    expect(moneyFormat('en').rmb(30_000)).toBe('300 RMB');
    expect(moneyFormat('fr').rmb(30_000)).toBe('300 RMB');
  });

  it('writes yen as ¥18,000 (JPY) in English and 18,000 日元 in Chinese', () => {
    expect(moneyFormat('en').yen(18_000)).toBe('¥18,000 (JPY)');
    expect(moneyFormat('zh-CN').yen(18_000)).toBe('18,000 日元');
    expect(moneyFormat('en').yen(0)).toBe('¥0 (JPY)');
  });

  it('puts about how much in RMB beside a yen figure, not beside nothing', () => {
    expect(moneyFormat('en').yenWithRmb(2_000)).toBe('¥2,000 (JPY, ≈ 100 RMB)');
    expect(moneyFormat('en').yenWithRmb(33_000)).toBe('¥33,000 (JPY, ≈ 1,650 RMB)');
    expect(moneyFormat('zh-CN').yenWithRmb(2_000)).toBe('2,000 日元（约 100 元）');
    expect(moneyFormat('zh-CN').yenWithRmb(33_000)).toBe('33,000 日元（约 1,650 元）');
    expect(moneyFormat('en').yenWithRmb(0)).toBe('¥0 (JPY)');
    expect(moneyFormat('zh-CN').yenWithRmb(0)).toBe('0 日元');
  });

  it('writes a price field back as the same editable number', () => {
    expect(minorToInput(100_000, 'CNY')).toBe('1000');
    expect(minorToInput(48_650, 'CNY')).toBe('486.50');
    expect(minorToInput(5, 'CNY')).toBe('0.05');
    expect(minorToInput(4_000, 'JPY')).toBe('4000');
  });

  it('writes a negative yen amount with its sign first, as a negative yuan one', () => {
    expect(formatMoney(-1_600, 'JPY', 'en')).toBe('-¥1,600 (JPY)');
    expect(formatMoney(-1_600, 'JPY', 'ja')).toBe('-1,600円');
    expect(formatMoney(-7_800, 'CNY', 'en')).toBe('-78 RMB');
  });

  it('reads a typed price in its own currency: whole yen, yuan to the fen, full-width digits as digits', () => {
    expect(inputToMinor('4000', 'JPY')).toBe(4_000);
    expect(inputToMinor('4,000', 'JPY')).toBe(4_000);
    expect(inputToMinor('４０００', 'JPY')).toBe(4_000);
    expect(inputToMinor('4000.5', 'JPY')).toBeNull();
    expect(inputToMinor('299.5', 'CNY')).toBe(29_950);
    expect(inputToMinor('２９９．５０', 'CNY')).toBe(29_950);
    expect(inputToMinor('300', 'CNY')).toBe(30_000);
    expect(inputToMinor('1.234', 'CNY')).toBeNull();
    for (const bad of ['-1', 'abc', '', '4000円', '¥4000']) expect(inputToMinor(bad, 'JPY'), bad).toBeNull();
  });
});

describe('formatWithAbout (decision 179)', () => {
  const yen = { minor: 32_000, currency: 'JPY' as const };
  const fen = { minor: 155_900, currency: 'CNY' as const };
  it('writes the amount in its own currency first, about as much in the other beside', () => {
    expect(formatWithAbout(yen, fen, 'zh-CN')).toBe('32,000 日元（约 1,559 元）');
    expect(formatWithAbout(yen, fen, 'ja')).toBe('32,000円（約 1,559 元）');
    expect(formatWithAbout(yen, fen, 'en')).toBe('¥32,000 (JPY, ≈ 1,559 RMB)');
    expect(formatWithAbout(fen, yen, 'en')).toBe('1,559 RMB (≈ ¥32,000 JPY)');
    expect(formatWithAbout(fen, yen, 'zh-CN')).toBe('1,559 元（约 32,000 日元）');
  });
  it('writes the amount alone without another currency', () => {
    expect(formatWithAbout(yen, null, 'en')).toBe('¥32,000 (JPY)');
    expect(formatWithAbout(fen, { ...fen }, 'zh-CN')).toBe('1,559 元');
  });
});

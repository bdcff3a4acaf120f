import { afterEach, describe, expect, it } from 'vitest';
import { CURRENCY_COOKIE, defaultCurrency } from '../../shared/display-currency';
import { currentCurrency, setDisplayCurrency } from './display-currency';
import { priceText } from './prices';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The reader's currency (decision 168): the language's by default, the reader's choice once made, kept like the
 * language.
 */
describe('the display currency', () => {
  afterEach(() => localStorage.clear());

  it('is yuan in Chinese and English, yen in Japanese, until the reader chooses', () => {
    expect([defaultCurrency('zh-CN'), defaultCurrency('en'), defaultCurrency('ja')]).toEqual(['CNY', 'CNY', 'JPY']);
  });

  it('keeps a choice in local storage and the cookie the server renders with', () => {
    setDisplayCurrency('JPY');
    expect(currentCurrency('zh-CN')).toBe('JPY');
    expect(localStorage.getItem(STORAGE_KEYS.currency)).toBe('JPY');
    expect(document.cookie).toContain(`${CURRENCY_COOKIE}=JPY`);
    setDisplayCurrency('CNY');
    expect(currentCurrency('ja')).toBe('CNY');
  });
});

describe('priceText', () => {
  it('writes a price in its own currency as it is', () => {
    expect(priceText(30_000, 'CNY', 'CNY', '20.53', 'zh-CN')).toBe('300 元');
    expect(priceText(4_000, 'JPY', 'JPY', '20.53', 'ja')).toBe('4,000円');
  });

  it('puts about as much in the reader’s currency first and the guide’s own beside it', () => {
    // ¥4,000 at 20.53 yen a yuan: 194.84 元.
    expect(priceText(4_000, 'JPY', 'CNY', '20.53', 'zh-CN')).toBe('约 194.84 元 · 4,000 日元');
    expect(priceText(4_000, 'JPY', 'CNY', '20.53', 'en')).toBe('≈ 194.84 RMB · ¥4,000 (JPY)');
    // 300 元 at 20.53: ¥6,159.
    expect(priceText(30_000, 'CNY', 'JPY', '20.53', 'ja')).toBe('約 6,159円・300 元');
  });

  it('shows the guide’s own alone while there is no rate', () => {
    expect(priceText(4_000, 'JPY', 'CNY', undefined, 'zh-CN')).toBe('4,000 日元');
  });
});

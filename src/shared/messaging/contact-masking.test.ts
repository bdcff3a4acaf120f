import { describe, expect, it } from 'vitest';
import { findContacts, MASK, maskContacts } from './contact-masking';

const masked = (s: string) => maskContacts(s).text;

describe('contact masking', () => {
  it('masks Chinese mobile numbers in the common ways they are typed', () => {
    expect(masked('打我电话 13812345678 吧')).toBe(`打我电话 ${MASK} 吧`);
    expect(masked('+86 138 1234 5678')).toBe(MASK);
    expect(masked('0086-138-1234-5678')).toBe(MASK);
    expect(masked('电话：１３８１２３４５６７８')).toBe(`电话：${MASK}`);
  });
  it('masks Japanese mobile, landline and +81 numbers', () => {
    expect(masked('call 090-1234-5678')).toBe(`call ${MASK}`);
    expect(masked('03-1234-5678 office')).toBe(`${MASK} office`);
    expect(masked('+81 90 1234 5678')).toBe(MASK);
    expect(masked('０８０ー１２３４ー５６７８')).toBe(MASK);
  });
  it('masks e-mail addresses, including a full-width at sign', () => {
    expect(masked('mail me: taro.yamada+tour@example.co.jp ok')).toBe(`mail me: ${MASK} ok`);
    expect(masked('wang＠qq.com')).toBe(MASK);
  });
  it('masks WeChat and LINE ids after their keyword, and says which kinds it found', () => {
    expect(masked('加我微信：wang_lei88')).toBe(`加我微信：${MASK}`);
    expect(masked('my WeChat ID is sakura-2024')).toBe(`my WeChat ID is ${MASK}`);
    expect(masked('vx: abc12345')).toBe(`vx: ${MASK}`);
    expect(masked('LINE: @tabi_guide')).toBe(`LINE: ${MASK}`);
    expect(masked('ライン id taro.99')).toBe(`ライン id ${MASK}`);
    expect(maskContacts('微信 wang_lei88 or 13812345678').kinds.sort()).toEqual(['phone', 'wechat']);
  });
  it('masks QQ and other messenger ids, links and payment account numbers (decision 181)', () => {
    expect(masked('QQ号：12345678')).toBe(`QQ号：${MASK}`);
    expect(masked('telegram @tabi_jp')).toBe(`telegram ${MASK}`);
    expect(masked('see https://example.com/pay?token=abc123 now')).toBe(`see ${MASK} now`);
    expect(masked('我的网站 www.tabi-fan.cn 和 tabi.example.jp/me')).toBe(`我的网站 ${MASK} 和 ${MASK}`);
    expect(masked('口座番号 1234567 にお振込み')).toBe(`口座番号 ${MASK} にお振込み`);
    expect(masked('card 4111 1111 1111 1111 ok')).toBe(`card ${MASK} ok`);
    expect(maskContacts('支付宝 13812345678').kinds).toEqual(['account']);
    expect(findContacts('mail a@b.co or 090-1234-5678').map((s) => s.kind)).toEqual(['email', 'phone']);
  });
  it('leaves ordinary messages, dates, prices and times alone', () => {
    for (const s of [
      'Can we meet at 10:00 on 2026-11-22?',
      'We are 4 people, budget 300 RMB per hour',
      '我们想去京都，11月22日，两个人',
      'The line for the temple is long',
      'Postal code 150-0001 near Shibuya',
      'Node.js and the big temple, 3.5 hours, ¥12,000',
    ]) {
      expect(maskContacts(s)).toEqual({ text: s, masked: false, kinds: [] });
    }
  });
});

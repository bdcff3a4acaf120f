import { describe, expect, it } from 'vitest';
import { CONTACT_DISGUISES, ORDINARY_SENTENCES } from './contact-disguises.fixture';
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
  it('masks a disguise in the text as written, the words around it untouched (decision 205)', () => {
    expect(masked('call zero nine zero one two three four five six seven eight ok')).toBe(`call ${MASK} ok`);
    expect(masked('我的手机是〇九〇一二三四五六七八，谢谢')).toBe(`我的手机是${MASK}，谢谢`);
    expect(masked('mail wang(at)qq(dot)com please')).toBe(`mail ${MASK} please`);
    expect(
      masked(
        '1\ufe0f\u20e33\ufe0f\u20e38\ufe0f\u20e31\ufe0f\u20e32\ufe0f\u20e33\ufe0f\u20e34\ufe0f\u20e35\ufe0f\u20e36\ufe0f\u20e37\ufe0f\u20e38\ufe0f\u20e3 ok',
      ),
    ).toBe(`${MASK} ok`);
    expect(masked('LINE ID: abc, see you')).toBe(`LINE ID: ${MASK}, see you`);
  });
});

describe('contact details in disguise (decision 205)', () => {
  it('holds at least 150 disguises and 150 ordinary sentences', () => {
    expect(CONTACT_DISGUISES.length).toBeGreaterThanOrEqual(150);
    expect(ORDINARY_SENTENCES.length).toBeGreaterThanOrEqual(150);
  });
  it.each(CONTACT_DISGUISES)('finds %s: %s', (_category, text, secret) => {
    expect(text).toContain(secret);
    const out = maskContacts(text);
    expect(out.masked).toBe(true);
    expect(out.text).not.toContain(secret);
  });
  it.each(ORDINARY_SENTENCES)('leaves alone: %s', (text) => {
    expect(findContacts(text)).toEqual([]);
  });
});

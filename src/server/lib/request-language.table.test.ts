import { describe, expect, it } from 'vitest';
import {
  accountReaderLanguage,
  askedLanguage,
  namedLanguage,
  readerLanguage,
  readerLocale,
  readerTextLanguage,
} from './request-language';

/**
 * The one reader of a request's language (decision 187), as a table: `lang`, then the app's stored
 * choice, then Accept-Language by q-value, then the account's language, then English. Every route
 * reads it, so a page and the translations on it are in one language.
 */
const request = (headers: Record<string, string>, query: Record<string, string> = {}) => ({ headers, query });

describe('readerLanguage', () => {
  it.each([
    // q-values, not the order, decide; equal q keeps the header's order.
    ['en;q=0.1, zh-CN;q=0.9', 'zh-CN'],
    ['ja;q=0.5, en;q=0.8, zh;q=0.2', 'en'],
    ['zh-CN, ja', 'zh-CN'],
    ['ja;q=0.7, zh-CN;q=0.7', 'ja'],
    ['en;Q=0.2, ja;Q=0.4', 'ja'],
    // q=0 is "not this"; a malformed q is not read as wanted.
    ['ja;q=0, en;q=0.1', 'en'],
    ['ja;q=abc, zh-CN;q=0.3', 'zh-CN'],
    // A wildcard and unknown tags name none of ours: the next that does, else English.
    ['*', 'en'],
    ['fr-FR, *;q=0.5, ja;q=0.4', 'ja'],
    ['ko, de-DE;q=0.9', 'en'],
    ['', 'en'],
    // Chinese of any script or region reads the Chinese we have; Japanese of Japan reads ja.
    ['zh-Hans', 'zh-CN'],
    ['zh-Hant-TW', 'zh-CN'],
    ['zh-TW,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['ja-JP,ja;q=0.9,en-US;q=0.8', 'ja'],
    ['en-GB', 'en'],
  ])('Accept-Language %j reads %s', (header, expected) => {
    expect(readerLanguage({ acceptLanguage: header })).toBe(expected);
  });

  it('the lang asked wins over the stored choice, which wins over Accept-Language', () => {
    expect(readerLanguage({ lang: 'ja', chosen: 'en', acceptLanguage: 'zh-CN' })).toBe('ja');
    expect(readerLanguage({ chosen: 'ja', acceptLanguage: 'zh-CN;q=1, en;q=0.5' })).toBe('ja');
    expect(readerLanguage({ lang: 'fr', chosen: 'zh-CN', acceptLanguage: 'ja' })).toBe('zh-CN');
  });

  it("the account's choice before the browser's Accept-Language, after a choice on the request; English without either", () => {
    expect(readerLanguage({ acceptLanguage: 'ko, fr;q=0.5' }, 'ja')).toBe('ja');
    expect(readerLanguage({ acceptLanguage: 'zh-CN' }, 'ja')).toBe('ja');
    expect(readerLanguage({ acceptLanguage: 'zh-CN' }, 'xx')).toBe('zh-CN');
    expect(readerLanguage({ chosen: 'en', acceptLanguage: 'zh-CN' }, 'ja')).toBe('en');
    expect(readerLanguage({ lang: 'zh-CN' }, 'ja')).toBe('zh-CN');
    expect(readerLanguage({}, 'zh-CN')).toBe('zh-CN');
    expect(readerLanguage({}, null)).toBe('en');
    // Without an account read (a consent at sign-up), the request alone.
    expect(namedLanguage({ acceptLanguage: 'ja' })).toBe('ja');
    expect(namedLanguage({})).toBeUndefined();
  });

  it("reads a signed-in reader's account only when the request's own choice does not say", async () => {
    let reads = 0;
    const account = async () => (reads++, 'ja');
    expect(await accountReaderLanguage({ chosen: 'en', acceptLanguage: 'zh-CN' }, account)).toBe('en');
    expect(await accountReaderLanguage({ lang: 'zh-CN' }, account)).toBe('zh-CN');
    expect(reads).toBe(0);
    expect(await accountReaderLanguage({ acceptLanguage: 'zh-CN' }, account)).toBe('ja');
    expect(await accountReaderLanguage({ acceptLanguage: 'zh-CN' }, async () => null)).toBe('zh-CN');
    expect(reads).toBe(1);
  });

  it('reads a request: its lang, the cookie of the stored choice, the header; the text language with it', () => {
    const mixed = request({ 'accept-language': 'en;q=0.1, zh-CN;q=0.9' });
    expect([readerLocale(mixed), readerTextLanguage(mixed)]).toEqual(['zh-CN', 'zh']);
    const chosen = request({ 'accept-language': 'zh-CN', cookie: 'a=1; tabi_locale=ja; b=2' });
    expect([readerLocale(chosen), readerTextLanguage(chosen)]).toEqual(['ja', 'ja']);
    const asked = request({ 'accept-language': 'zh-CN', cookie: 'tabi_locale=ja' }, { lang: 'en' });
    expect(askedLanguage(asked)).toEqual({ lang: 'en', chosen: 'ja', acceptLanguage: 'zh-CN' });
    expect([readerLocale(asked), readerTextLanguage(asked)]).toEqual(['en', 'en']);
    expect(readerTextLanguage(request({}, { lang: 'zh' }))).toBe('zh');
  });
});

import { describe, expect, it } from 'vitest';
import { acceptedLanguage, requestLanguage } from './request-language';

/** The one reader of a request's language (decision 143). */
describe('requestLanguage', () => {
  it('takes the lang the request names first', () => {
    expect(requestLanguage('en', 'zh-CN,zh;q=0.9')).toBe('en');
  });

  it("else Accept-Language's best match among the interface languages, by q then order", () => {
    expect(requestLanguage(undefined, 'zh-TW,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(requestLanguage(undefined, 'fr-FR, de;q=0.9, zh;q=0.5, en;q=0.7')).toBe('en');
    expect(requestLanguage(undefined, 'fr, en-GB')).toBe('en');
    expect(requestLanguage(undefined, 'en;q=0, zh-CN;q=0.1')).toBe('zh-CN');
  });

  it('else the default', () => {
    expect(requestLanguage(undefined, undefined)).toBe('en');
    expect(requestLanguage(undefined, 'fr, de;q=0.5')).toBe('en');
    expect(requestLanguage(undefined, 'zh;q=0')).toBe('en');
  });

  it('reads a document’s own languages with its matcher and default', () => {
    const printed = ['en', 'zh-CN', 'ja'] as const;
    const match = (tag: string) =>
      printed.find((l) => l.toLowerCase().split('-')[0] === tag.toLowerCase().split('-')[0]);
    expect(requestLanguage(undefined, 'ja-JP,en;q=0.5', match, 'en')).toBe('ja');
    expect(acceptedLanguage('ko, fr', match)).toBeUndefined();
  });
});

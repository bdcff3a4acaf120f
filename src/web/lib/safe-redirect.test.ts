import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirect } from './safe-redirect';

describe('redirect parameter', () => {
  it('accepts paths inside the app only', () => {
    expect(safeRedirect('/guides/3?x=1')).toBe('/guides/3?x=1');
    expect(safeRedirect('https://evil.example')).toBeUndefined();
    expect(safeRedirect('//evil.example')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(safeRedirect('/login?redirect=/x')).toBeUndefined();
    expect(safeRedirect(null)).toBeUndefined();
  });
  it('refuses control characters and backslashes, which the URL parser drops or turns into a slash (decision 182)', () => {
    for (const value of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/x\u0000',
      '/\u007f',
      '/\u0085/evil.example',
      '/a\\b',
    ]) {
      expect(safeRedirect(value), JSON.stringify(value)).toBeUndefined();
    }
    expect(safeRedirect('/search?city=tokyo&q=%09')).toBe('/search?city=tokyo&q=%09');
  });
  it('is carried as an encoded query parameter', () => {
    expect(withRedirect('/signup', '/guides/3?a=1&b=2')).toBe('/signup?redirect=%2Fguides%2F3%3Fa%3D1%26b%3D2');
    expect(withRedirect('/signup', undefined)).toBe('/signup');
  });
});

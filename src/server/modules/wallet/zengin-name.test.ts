import { describe, expect, it } from 'vitest';
import { isZenginName, ZENGIN_NAME_MAX, zenginNameLength } from '../../../shared/zengin-name';
import { toZenginKana } from './banks';

/** The browser's check as the name is typed (shared/zengin-name.ts) and the server's conversion agree. */
describe('the holder name: the check as typed and the server agree', () => {
  const names = [
    'ヤマダ タロウ',
    'やまだ たろう',
    'ｻﾄｳ ﾊﾅｺ',
    'ガッコウ',
    'ポプリ',
    'ヴィオラ',
    'スズキ　イチロー',
    'ABC SHOTEN',
    'abc shoten',
    'ＡＢＣ１２３',
    'カ)タビ',
    'キョウ-ト/1.2',
    '山田 太郎',
    'ヲタ',
    'ヰヱ',
    'yamada・taro',
    'ヤマダ！',
    '',
    '   ',
    'ア'.repeat(30),
    'ガ'.repeat(15),
    'ガ'.repeat(16),
    'ア'.repeat(31),
  ];
  it.each(names)('%s', (name) => {
    const server = toZenginKana(name);
    expect(zenginNameLength(name)).toBe(server === null ? null : server.length);
    expect(isZenginName(name)).toBe(server !== null && server.length <= ZENGIN_NAME_MAX);
  });
});

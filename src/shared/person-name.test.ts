import { describe, expect, it } from 'vitest';
import { givenName, joinName, nameOrder } from './person-name';

describe('a name asked and written as each language does', () => {
  it.each([
    ['ja', ['family', 'given']],
    ['zh-CN', ['family', 'given']],
    ['en', ['given', 'family']],
  ] as const)('%s asks %j', (locale, order) => {
    expect(nameOrder(locale)).toEqual(order);
  });

  it.each([
    ['ja', '岡田', '真司', '岡田 真司'],
    ['ja', 'おかだ', 'しんじ', 'おかだ しんじ'],
    ['ja', 'Sato', 'Yuki', 'Yuki Sato'],
    ['zh-CN', '李', '伟', '李伟'],
    ['zh-CN', 'Li', 'Wei', 'Wei Li'],
    ['en', 'Sato', 'Yuki', 'Yuki Sato'],
    ['en', '李', '伟', '伟 李'],
    ['ja', '', 'ユキ', 'ユキ'],
  ] as const)('%s: 姓 %s, 名 %s → %s', (locale, family, given, full) => {
    expect(joinName({ family: ` ${family} `, given }, locale)).toBe(full);
  });
});

describe('the name a person is called by', () => {
  it.each([
    ['Yuki Sato', 'Yuki'],
    ['  Li   Wei ', 'Li'],
    ['岡田 真司', '真司'],
    ['李伟', '李伟'],
    ['Hana', 'Hana'],
    ['', ''],
  ])('%j is called %j', (full, given) => {
    expect(givenName(full)).toBe(given);
  });
});

import { describe, expect, it } from 'vitest';
import { detectTextLanguage, type TextLanguage } from './guide-texts';

/**
 * The language guess of what people write (decision 146): the script first, the writer's account language where Han
 * alone cannot tell.
 */
describe('detectTextLanguage', () => {
  const cases: [text: string | null, writer: TextLanguage | undefined, expected: TextLanguage][] = [
    // Kana says Japanese whoever writes it.
    ['東京で育ちました。よろしく', undefined, 'ja'],
    ['東京で育ちました。よろしく', 'zh', 'ja'],
    ['カフェ', 'en', 'ja'],
    // The iteration mark is Japanese writing, even with no kana.
    ['人々', undefined, 'ja'],
    ['時々散歩', 'zh', 'ja'],
    // Han alone: the writer's language breaks the tie, Chinese without one.
    ['駅前集合', 'ja', 'ja'],
    ['十時駅前集合。雨天決行', 'ja', 'ja'],
    ['駅前集合', undefined, 'zh'],
    ['我在东京生活了十年', undefined, 'zh'],
    ['我在东京生活了十年', 'zh', 'zh'],
    ['明天见', 'en', 'zh'],
    // A Japanese writer's Latin text is still English.
    ['I live in Tokyo', 'ja', 'en'],
    ['I live in Tokyo', undefined, 'en'],
    ['12:30 OK', 'zh', 'en'],
    ['', 'ja', 'en'],
    [null, 'ja', 'en'],
  ];
  it.each(cases)('%j written by %s is %s', (text, writer, expected) => {
    expect(detectTextLanguage(text, writer)).toBe(expected);
  });
});

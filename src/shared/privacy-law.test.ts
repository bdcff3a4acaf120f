import { describe, expect, it } from 'vitest';
import { privacyLawsFor } from './privacy-law';

describe('the privacy laws a consent names', () => {
  it.each([
    [
      'a guide in Kyoto signed up by phone',
      { isGuide: true, applying: false, phone: '+819031415926', locale: 'ja' },
      ['appi'],
    ],
    [
      'an applicant reading Chinese, no phone',
      { isGuide: false, applying: true, phone: null, locale: 'zh-CN' },
      ['appi'],
    ],
    [
      'a traveler from Shanghai',
      { isGuide: false, applying: false, phone: '+8613800138000', locale: 'zh-CN' },
      ['pipl'],
    ],
    ['a traveler with no phone', { isGuide: false, applying: false, phone: null, locale: 'en' }, ['pipl']],
    [
      'a guide with a Chinese number',
      { isGuide: true, applying: false, phone: '+8613800138000', locale: 'zh-CN' },
      ['appi', 'pipl'],
    ],
    [
      'a traveler in Japan by number',
      { isGuide: false, applying: false, phone: '+819012345678', locale: 'zh-CN' },
      ['appi'],
    ],
  ] as const)('%s: %j', (_who, person, laws) => {
    expect(privacyLawsFor(person)).toEqual(laws);
  });
});

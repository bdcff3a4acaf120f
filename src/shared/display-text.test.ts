import { describe, expect, it } from 'vitest';
import { cleanDisplayText, displayName, hasVisibleText, VISIBLE_NAME_MESSAGE } from './display-text';

describe('cleanDisplayText', () => {
  it('removes bidi controls and marks, tag characters and other invisible code points', () => {
    expect(cleanDisplayText('\u202eAoi\u202c \u2066Tanaka\u2069\u200e')).toBe('Aoi Tanaka');
    expect(cleanDisplayText('Ao\u{e0041}\u{e0042}i')).toBe('Aoi');
    expect(cleanDisplayText('A\u200bo\u00adi\u2060\ufeff')).toBe('Aoi');
    expect(cleanDisplayText('\u3164Aoi\u115f')).toBe('Aoi');
    expect(cleanDisplayText('Ao\u0007i\u001b')).toBe('Aoi');
  });

  it('keeps what joiners and selectors are for: emoji sequences and ideographic variants', () => {
    expect(cleanDisplayText('Family 👨\u200d👩\u200d👧 ❤\ufe0f')).toBe('Family 👨\u200d👩\u200d👧 ❤\ufe0f');
    expect(cleanDisplayText('葛\u{e0100}飾')).toBe('葛\u{e0100}飾');
    // …but not where they join nothing.
    expect(cleanDisplayText('\u200d\ufe0fAoi\u200d')).toBe('Aoi');
    expect(cleanDisplayText('Aoi \u200d\u200cTanaka')).toBe('Aoi Tanaka');
  });

  it('is NFC, one line unless multi-line, and trimmed', () => {
    expect(cleanDisplayText('Jose\u0301')).toBe('Jos\u00e9');
    expect(cleanDisplayText(' Aoi\nTanaka\t ')).toBe('Aoi Tanaka');
    expect(cleanDisplayText('Line one\nLine two\u202e', { multiline: true })).toBe('Line one\nLine two');
  });
});

describe('names', () => {
  it.each([
    ['zero-width spaces', '\u200b\u200b\u200b'],
    ['a soft hyphen', '\u00ad'],
    ['Hangul fillers', '\u3164\u3164'],
    ['a Braille blank', '\u2800'],
    ['bidi controls', '\u202e\u202c'],
    ['tag characters', '\u{e0041}\u{e0042}'],
    ['variation selectors and joiners', '\ufe0f\u200d'],
    ['an ideographic space', '\u3000'],
    ['a combining mark alone', '\u0301'],
  ])('refuses a name of only %s', (_what, name) => {
    const r = displayName(100).safeParse(name);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(VISIBLE_NAME_MESSAGE);
  });

  it('accepts names in any script, and emoji', () => {
    for (const name of ['Aoi', '田中 葵', '王小明', 'Zoë', 'محمد', '🌸'])
      expect(displayName(100).parse(name)).toBe(name);
    expect(hasVisibleText('\u2800A')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { passwordScore, passwordStrength } from './password-strength';
import { suggestUsername } from './username';

describe('password strength', () => {
  it.each([
    ['', 0, 'weak'],
    ['abc', 1, 'weak'],
    ['abcdefgh', 2, 'weak'],
    ['abcdefg1', 3, 'medium'],
    ['Abcdefg1', 4, 'strong'],
    ['Abcdef1!', 5, 'strong'],
    ['A1!', 3, 'medium'],
  ])('%j scores %i (%s)', (pw, score, band) => {
    expect(passwordScore(pw)).toBe(score);
    expect(passwordStrength(pw)).toBe(band);
  });
});

describe('username suggestion', () => {
  it('is the name plus a number 0–999', () => {
    expect(suggestUsername('tanaka', () => 0)).toBe('tanaka0');
    expect(suggestUsername('tanaka', () => 0.9999)).toBe('tanaka999');
    for (let i = 0; i < 50; i++) expect(suggestUsername('mei')).toMatch(/^mei([0-9]|[1-9][0-9]{1,2})$/);
  });
});

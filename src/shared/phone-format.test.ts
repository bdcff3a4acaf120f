import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format';

describe('a phone number as people write it', () => {
  it.each([
    ['+819031415926', '090-3141-5926', '+81 90 3141 5926'],
    ['+81312345678', '03-1234-5678', '+81 3 1234 5678'],
    ['+8613912345678', '139 1234 5678', '+86 139 1234 5678'],
    ['+85291234567', '9123 4567', '+852 9123 4567'],
  ])('%s: %s in its country, %s beside others', (e164, national, international) => {
    expect(formatPhone(e164)).toBe(national);
    expect(formatPhone(e164, 'international')).toBe(international);
  });

  it('to call from Japan: a Japanese number as dialled there, any other with its country code', () => {
    expect(formatPhone('+819031415926', { dialledFrom: 'JP' })).toBe('090-3141-5926');
    expect(formatPhone('+8613912345678', { dialledFrom: 'JP' })).toBe('+86 139 1234 5678');
    expect(formatPhone('+85291234567', { dialledFrom: 'JP' })).toBe('+852 9123 4567');
  });

  it('shows what is not a number as it is', () => {
    expect(formatPhone('not a number')).toBe('not a number');
  });
});

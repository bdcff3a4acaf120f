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

  it('shows what is not a number as it is', () => {
    expect(formatPhone('not a number')).toBe('not a number');
  });
});

/**
 * Japanese postal codes (docs/rules/messaging.md): 7 digits, typed as 1234567 or 123-4567 and formatted
 * automatically as 123-4567. The two error kinds map to the spec's two messages:
 * - `length`: 'Please enter a valid 7-digit postal code.'
 * - `not_digits`: 'Invalid postal code / Please enter a 7-digit Japanese postal code (numbers only).'
 */
export type PostalCodeError = 'required' | 'length' | 'not_digits';

const toAscii = (s: string) =>
  s
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\uFF0D\u30FC\u2010-\u2015]/g, '-');

/** Formats what the user typed so far: digits only, a dash after the third, at most 7 digits. */
export function formatPostalCode(input: string): string {
  const ascii = toAscii(input);
  if (/[^\d\s-]/.test(ascii)) return input;
  const digits = ascii.replace(/\D/g, '').slice(0, 7);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

export function postalCodeError(input: string): PostalCodeError | null {
  const ascii = toAscii(input).trim();
  if (!ascii) return 'required';
  if (!/^[\d-]+$/.test(ascii)) return 'not_digits';
  if (!/^\d{3}-?\d{4}$/.test(ascii)) return 'length';
  return null;
}

/** The stored form, 123-4567, or null when invalid. */
export function normalizePostalCode(input: string): string | null {
  if (postalCodeError(input)) return null;
  const d = toAscii(input).replace(/\D/g, '');
  return `${d.slice(0, 3)}-${d.slice(3)}`;
}

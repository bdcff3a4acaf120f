import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AppError } from '../../lib/app-error';

/** Line types a text message reaches: numbers of North America do not say which they are. */
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * The number in E.164 when it is a mobile number of a country served (decision 147): libphonenumber-js
 * with its full metadata, the only one that knows a number's line type. Anything else is refused
 * before a code is made or counted: 400 invalid_phone, or unsupported_country for a real mobile
 * number of a country not in SMS_COUNTRIES.
 */
export function mobileNumber(input: string, countries: readonly string[]): string {
  const parsed = input.startsWith('+') ? parsePhoneNumberFromString(input) : undefined;
  if (!parsed?.isValid() || !MOBILE_TYPES.has(parsed.getType() ?? '')) {
    throw new AppError('invalid_phone', 'This is not a mobile number in international form (+8613800138000)', [
      { path: 'body.phone', message: 'Not a mobile number' },
    ]);
  }
  if (!parsed.country || !countries.includes(parsed.country)) {
    throw new AppError('unsupported_country', 'Sign-in by phone is not offered for numbers of this country', [
      { path: 'body.phone', message: 'Country not served' },
    ]);
  }
  return parsed.number;
}

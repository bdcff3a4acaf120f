import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * A phone number stored in E.164 (+819031415926) as people write it: `national` for a person's own number
 * (090-3141-5926, 139 1234 5678), `international` where numbers of several countries sit side by side
 * (+81 90 3141 5926), `dialledFrom` a country for a number to call from there. The small metadata is enough to
 * format; only the server, which must know a number's line type, loads the full one
 * (modules/accounts/phone-number.ts). A string that is not a number is shown as it is.
 */
export function formatPhone(
  e164: string,
  style: 'national' | 'international' | { dialledFrom: CountryCode } = 'national',
): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  // A number to call from a country (decision 195): as dialled there when it is that country's
  // (090-3141-5926 in Japan), else with its country code, without which it cannot be called (+86 138 …).
  const national = style === 'national' || (typeof style === 'object' && parsed.country === style.dialledFrom);
  return national ? parsed.formatNational() : parsed.formatInternational();
}

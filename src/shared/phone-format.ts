import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number stored in E.164 (+819031415926) as people write it: `national` for a person's own
 * number (090-3141-5926, 139 1234 5678), `international` where numbers of several countries sit side by
 * side (+81 90 3141 5926). The small metadata is enough to format; only the server, which must know a
 * number's line type, loads the full one (modules/accounts/phone-number.ts). A string that is not a
 * number is shown as it is.
 */
export function formatPhone(e164: string, style: 'national' | 'international' = 'national'): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return style === 'national' ? parsed.formatNational() : parsed.formatInternational();
}

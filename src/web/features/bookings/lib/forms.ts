/**
 * Input helpers for the checkout (docs/rules/messaging.md): a postal code typed as 1234567 or 123-4567 is shown as
 * 123-4567; a card number in groups of four (19 characters at most), the expiry as MM/YY, the CVV
 * as up to four digits. Validity itself is decided by the shared schemas.
 */
const digitsOf = (value: string) => value.replace(/\D/g, '');

export function formatPostalCode(raw: string): string {
  const d = digitsOf(raw).slice(0, 7);
  return d.length > 3 ? `${d.slice(0, 3)}-${d.slice(3)}` : d;
}

export const CARD_NUMBER_MAX = 19;
export const EXPIRY_MAX = 5;
export const CVV_MAX = 4;

export function formatCardNumber(raw: string): string {
  return digitsOf(raw)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1", "12", "12/3", "12/34": the slash appears once the month is complete. */
export function formatExpiry(raw: string, previous = ''): string {
  const d = digitsOf(raw).slice(0, 4);
  // Deleting the slash deletes the month's last digit too, so backspace never gets stuck.
  if (previous.endsWith('/') && raw.length < previous.length) return d.slice(0, 1);
  if (d.length >= 3) return `${d.slice(0, 2)}/${d.slice(2)}`;
  if (d.length === 2 && raw.length > previous.length) return `${d}/`;
  return d;
}

export function formatCvv(raw: string): string {
  return digitsOf(raw).slice(0, CVV_MAX);
}

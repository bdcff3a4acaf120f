// Reading what was typed: postal codes, whole numbers and links, for the draft (form.ts) and its checks
// (form-problems.ts).

// ---- postal code (7 digits, typed as 1234567 or 123-4567 and formatted automatically, docs/rules/messaging.md) ----

/** Formats digits and dashes as 123-4567 while typing; anything else is left as typed (and flagged). */
export function formatZip(typed: string): string {
  if (!/^[\d\s-]*$/.test(typed)) return typed;
  const digits = typed.replace(/\D/g, '').slice(0, 7);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

/** 'chars': not numbers only (the 'Invalid postal code' message); 'digits': not 7 digits. */
export function zipProblem(value: string): 'chars' | 'digits' | undefined {
  const v = value.trim();
  if (!v) return undefined;
  if (!/^[\d\s-]*$/.test(v)) return 'chars';
  if (!/^\d{3}-?\d{4}$/.test(v)) return 'digits';
  return undefined;
}

// ---- numbers and links ----

/** A whole number typed within min–max, undefined when it is not one. */
export const int = (s: string, min: number, max: number): number | undefined => {
  const t = s.trim();
  if (!/^\d{1,6}$/.test(t)) return undefined;
  const n = Number(t);
  return n >= min && n <= max ? n : undefined;
};

export const isUrl = (s: string) => {
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
};

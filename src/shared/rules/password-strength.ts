/**
 * docs/rules/accounts-and-sessions.md strength meter: one point each for length 8+, a lowercase letter, an uppercase
 * letter, a digit and a special character. 0–2 Weak, 3 Medium, 4–5 Strong.
 */
export type PasswordStrength = 'weak' | 'medium' | 'strong';

export function passwordScore(password: string): number {
  let score = 0;
  if (password.length >= 8) score++;
  if (/[a-z]/.test(password)) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/[0-9]/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  return score;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  return score <= 2 ? 'weak' : score === 3 ? 'medium' : 'strong';
}

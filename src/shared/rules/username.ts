import { USERNAME_MAX } from '../schemas/auth';

/** docs/rules/accounts-and-sessions.md: the username field is forced to lowercase. */
export function normalizeUsernameInput(value: string): string {
  return value.toLowerCase();
}

/**
 * docs/rules/accounts-and-sessions.md: a taken name is answered with a suggestion, the name plus a random number 0–999.
 * `random` is injectable for tests.
 */
export function suggestUsername(name: string, random: () => number = Math.random): string {
  const n = Math.floor(random() * 1000);
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, USERNAME_MAX - 3);
  return `${base}${n}`;
}

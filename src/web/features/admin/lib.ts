import { inputToMinor, type Currency } from '../../../shared/currency';
import type { Session } from '../../lib/session';
import { ApiError } from '../../lib/api-client';

/** The console's sections, in sidebar order. */
export const SECTIONS = [
  'applications',
  'identity',
  'licences',
  'disputes',
  'withdrawals',
  'payouts',
  'rates',
  'support',
  'users',
  'bookings',
  'resellers',
  'weather',
  'jobs',
  'audit',
] as const;
export type Section = (typeof SECTIONS)[number];

/** Only an admin's session opens the console; everyone else sees the not-found page (the API answers them 404 too). */
export const canOpenConsole = (session: Session | null | undefined): boolean => session?.user.isAdmin === true;

/**
 * '/admin/<section>/<id>' from the route's splat ('' → the first section). Unknown sections or a
 * malformed id give null: the page shows not-found.
 */
export function parseAdminPath(splat: string | undefined): { section: Section; id: number | undefined } | null {
  const [first, second, ...rest] = (splat ?? '').split('/').filter(Boolean);
  if (rest.length) return null;
  const section = (first ?? 'applications') as Section;
  if (!SECTIONS.includes(section)) return null;
  if (second === undefined) return { section, id: undefined };
  if (!/^[1-9]\d{0,9}$/.test(second)) return null;
  return { section, id: Number(second) };
}

/**
 * An amount typed in `currency` as its minor unit (decision 164): yuan to the fen ('120', '120.5',
 * '1,200.05'), yen whole ('1200'). Returns null for anything else (negative, too many decimals, not a
 * number). Empty is 0.
 */
export function parseAmount(input: string, currency: Currency): number | null {
  return input.trim() === '' ? 0 : inputToMinor(input, currency);
}

export interface RefundSplit {
  /** Minor units back to the traveler, or null when the input is not an amount. */
  refundCents: number | null;
  /** Of what was paid online, what is not refunded (stays with the guide and the platform). */
  keptCents: number;
  error: 'invalid' | 'tooMuch' | null;
}

/**
 * The split a typed refund, in the booking's currency, makes of what the traveler paid online (the server computes the
 * postings and checks again).
 */
export function refundSplit(input: string, refundableCents: number, currency: Currency): RefundSplit {
  const refund = parseAmount(input, currency);
  if (refund === null) return { refundCents: null, keptCents: refundableCents, error: 'invalid' };
  if (refund > refundableCents) return { refundCents: refund, keptCents: 0, error: 'tooMuch' };
  return { refundCents: refund, keptCents: refundableCents - refund, error: null };
}

/** The `admin:errors.*` key for a failed request, by the server's stable code (docs/decisions/003). */
export function errorCode(err: unknown): string {
  if (err instanceof ApiError) return err.code ?? `http_${err.status}`;
  return 'network';
}
const KNOWN = [
  'invalid_transition',
  'conflict',
  'validation_failed',
  'not_found',
  'rate_limited',
  'insufficient_balance',
  'payment_failed',
  'forbidden',
  'not_business_day',
  'rate_already_set',
  'rate_required',
  'rate_from_feed',
];
export function errorKey(err: unknown): string {
  const code = errorCode(err);
  return KNOWN.includes(code) ? `errors.${code}` : 'errors.generic';
}

import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../shared/currency';
import { CURRENCY_COOKIE, defaultCurrency } from '../../shared/display-currency';
import type { Locale } from '../../shared/locales';
import { currentLocale } from './i18n';
import { serverContext } from './server-context';
import { readSsrData } from './ssr-data';
import { storage, STORAGE_KEYS } from './storage-keys';

/**
 * The currency a reader sees prices in (decision 168): the one they chose, kept on the device like the
 * language (local storage for the app, a cookie for the pages the server renders), else the
 * language's own: yuan in Chinese and English, yen in Japanese. The account does not keep it: nothing
 * the server writes later (mail, receipts) is in the display currency; a booking keeps the currency
 * its traveler saw. The header's switch needs only this; prices are written by `lib/prices.ts`.
 */

// Written out rather than imported: the header carries this module on the landing page, and the
// currency module with it would weigh on its first download (bench/landing-size.ts).
const isChoice = (value: unknown): value is Currency => value === 'CNY' || value === 'JPY';

const listeners = new Set<() => void>();
// A server-rendered page starts with the choice it was rendered with, so hydration matches.
let chosen: Currency | null | undefined;

function stored(): Currency | null {
  if (chosen !== undefined) return chosen;
  const ssr = typeof window === 'undefined' ? null : readSsrData();
  const value = ssr ? ssr.currency : storage.get(STORAGE_KEYS.currency);
  chosen = isChoice(value) ? value : null;
  return chosen;
}

/**
 * The display currency now for a reader of `locale`: the server render's, else the reader's choice, else the
 * language's.
 */
export function currentCurrency(locale: Locale): Currency {
  const context = serverContext();
  if (context) return context.currency ?? defaultCurrency(context.locale);
  return stored() ?? defaultCurrency(locale);
}

/**
 * Forgets the choice read so far, so the next read takes it from storage again: the web tests share one
 * page per worker and empty its storage before each file (src/web/test/setup.ts); a choice another
 * file made would otherwise stay in this module (a Japanese reader priced in yuan).
 */
export function rereadDisplayCurrency(): void {
  chosen = undefined;
}

/** Stores the choice (local storage and the cookie) and shows every price in it. */
export function setDisplayCurrency(currency: Currency): void {
  chosen = currency;
  storage.set(STORAGE_KEYS.currency, currency);
  document.cookie = `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=31536000; SameSite=Lax`;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

/** The display currency, re-rendering on a switch (and on a change of language, while it is the language's). */
export function useDisplayCurrency(): Currency {
  // Subscribed to the language, whose own currency stands until the reader chooses one.
  useTranslation();
  const locale = currentLocale();
  const read = () => currentCurrency(locale);
  return useSyncExternalStore(subscribe, read, read);
}

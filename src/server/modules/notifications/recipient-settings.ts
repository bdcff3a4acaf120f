/** A recipient's notification settings and the language their notices are written in, from what is stored. */
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
} from '../../../shared/schemas/notifications';
import { DEFAULT_LOCALE, LOCALES } from '../../../shared/locales';
import type { Locale } from './text-parts';

/** A stored locale (one of LOCALES, or none): the language the recipient's notices are written in. */
export const localeOf = (l: string | null | undefined): Locale => LOCALES.find((x) => x === l) ?? DEFAULT_LOCALE;

/** The settings as their rows hold them; a kind without a row keeps its default. */
export const settingsFrom = (
  rows: { kind: string; inApp: boolean; browser: boolean; email: boolean }[],
): NotificationSettings => {
  const kinds = structuredClone(DEFAULT_NOTIFICATION_SETTINGS.kinds);
  for (const r of rows) {
    if ((NOTIFICATION_KINDS as readonly string[]).includes(r.kind))
      kinds[r.kind as NotificationKind] = { inApp: r.inApp, browser: r.browser, email: r.email };
  }
  return { kinds };
};

import type { Locale } from '../../shared/locales';
import type { User } from '../../shared/schemas/user';
import { apiRequest } from './api-client';
import { getSession, updateSessionUser } from './session';

/**
 * A signed-in reader's language choice is their account's too: e-mails, notices and PDFs are written in
 * the stored locale (decision 144). Offline the switch still happens on the device, and the account keeps
 * its language until the next switch. Loaded on the first switch, not with the landing page.
 */
export function saveLocale(locale: Locale): void {
  const user = getSession()?.user;
  if (user && user.locale !== locale)
    apiRequest<User>('/api/me', { method: 'PATCH', body: { locale } }).then(updateSessionUser, () => undefined);
}

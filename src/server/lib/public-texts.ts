import { findContacts } from '../../shared/messaging/contact-masking';
import { AppError } from './app-error';

/** A text shown to everyone and where it sits in the request body (for the error's fields). */
export interface PublicText {
  path: string;
  text: string | null | undefined;
}

/**
 * Refuses public texts (a guide's bio and profile texts, itineraries, reviews, review replies) that
 * carry a phone number, an e-mail address, a messenger id, a link or a payment account number: the
 * rules of the chat before a booking (decision 050), by the same detector, since a public text would
 * otherwise be the way around the chat's masking (decision 181). 400 contact_details_not_allowed, one
 * field per text naming the kinds found; the client shows the code's words in its language.
 */
export function refuseContactDetails(texts: readonly PublicText[]): void {
  const found = texts.flatMap((t) => {
    const kinds = typeof t.text === 'string' ? [...new Set(findContacts(t.text).map((s) => s.kind))] : [];
    return kinds.length ? [{ path: t.path, message: kinds.join(', ') }] : [];
  });
  if (found.length === 0) return;
  throw new AppError(
    'contact_details_not_allowed',
    'Public texts may not carry contact details (phone numbers, e-mail addresses, messenger ids, links or account numbers): talk and pay through Tabi Guides',
    found,
  );
}

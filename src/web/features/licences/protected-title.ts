import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

/**
 * The refusal of a protected title (400 protected_title, decisions 092 and 099) in the reader's
 * language, naming the words the server found (its `fields` carry them, as the list writes them);
 * null for any other error. Every form that saves a text shown about a person uses it.
 */
export function protectedTitleText(t: TFunction, err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== 'protected_title') return null;
  const words = [...new Set((err.body?.fields ?? []).flatMap((f) => f.message.split(', ')))];
  const list = words
    .map((word) => t('licences:protected.quoted', { word, interpolation: { escapeValue: false } }))
    .join(t('licences:protected.separator'));
  return t('licences:protected.body', { words: list, interpolation: { escapeValue: false } });
}

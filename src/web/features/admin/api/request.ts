import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';

/**
 * The admin console's reads and writes. Every key starts with 'admin', so one
 * invalidation after an action refreshes the queue, its counts and the open item together.
 */
export const ADMIN_KEY = ['admin'] as const;

export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

export const get = <T>(path: string, query?: Record<string, string | number | undefined>) =>
  apiRequest<T>(path, { query });

/**
 * The interface language the admin reads in now: what users wrote is machine-translated into it
 * (decision 146), and a switch reads the item again (the language is part of its key).
 */
export function useReaderLocale() {
  useTranslation(); // re-renders on a language switch
  return currentLocale();
}

/** Every key the web app keeps in local storage, in one place (/help/cookies lists them). */
export const STORAGE_KEYS = {
  token: 'tabi.token',
  user: 'tabi.user',
  theme: 'tabi.theme',
  viewPreference: 'tabi.view',
  locale: 'tabi.locale',
  /** The currency prices are shown in, once the reader has chosen one (decision 168). */
  currency: 'tabi.currency',
  /** The open support conversation: its id and, for anonymous visitors, its secret key. */
  support: 'tabi.support',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Local storage that never throws (private mode, full quota, disabled storage). */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the choice lasts for this page only */
    }
  },
  remove(key: StorageKey): void {
    try {
      localStorage.removeItem(key);
    } catch {
      /* nothing to clear */
    }
  },
};

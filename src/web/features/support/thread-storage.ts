import { storage, STORAGE_KEYS } from '../../lib/storage-keys';

/**
 * The conversation this browser continues: its id, the secret key an anonymous visitor got when it
 * was created (the only way to read it back), and the account it belongs to, if any.
 */
export interface StoredThread {
  threadId: number;
  visitorKey: string | null;
  userId: number | null;
  /** The newest team reply the visitor has seen (for the "new reply" dot on the button). */
  seenId?: number;
}

let cache: { raw: string | null; value: StoredThread | null } | undefined;

/** The stored conversation; the same object for as long as the stored text does not change. */
export function readStoredThread(): StoredThread | null {
  const raw = storage.get(STORAGE_KEYS.support);
  if (cache?.raw === raw) return cache.value;
  let value: StoredThread | null = null;
  try {
    const v = raw ? (JSON.parse(raw) as StoredThread) : null;
    value = v && Number.isInteger(v.threadId) ? v : null;
  } catch {
    value = null;
  }
  cache = { raw, value };
  return value;
}

export function writeStoredThread(thread: StoredThread): void {
  storage.set(STORAGE_KEYS.support, JSON.stringify(thread));
}

export function clearStoredThread(): void {
  storage.remove(STORAGE_KEYS.support);
}
